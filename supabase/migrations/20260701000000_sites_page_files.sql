-- A published page carries files of its own besides the owner's uploads (issue 22): the sample
-- pictures it shows (SVG), its look's web fonts (WOFF2), its monogram icon (SVG) and share card
-- (PNG), and the site keeps its list of published pages as _site/sitemap.xml. Only the publish
-- function writes here, and only files it made or bundled: no visitor's or owner's SVG is stored.
update storage.buckets
set allowed_mime_types = array[
  'text/html', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'application/octet-stream',
  'image/svg+xml', 'font/woff2', 'application/xml'
]
where id = 'sites';
