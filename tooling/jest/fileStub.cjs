// Imported assets become their file name, as webpack's asset/resource gives a URL.
module.exports = 'test-file-stub';
