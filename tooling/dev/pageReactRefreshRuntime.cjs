// One React Refresh runtime per page (development only). React's renderer registers with the runtime
// that hooked into DevTools before react-dom loaded: the shell's. A remote loaded into the page later
// must refresh through that same runtime, or its edits would reach no React root. A remote running
// alone on its own dev server is the first and keeps its own.
// (A file path, not 'react-refresh/runtime', which the dev config aliases to this very file.)
const key = '__folioforgeReactRefreshRuntime';
module.exports = globalThis[key] ?? (globalThis[key] = require('../../node_modules/react-refresh/runtime.js'));
