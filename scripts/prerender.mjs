// npm run prerender: renders the public pages of the six builds in */dist ahead, again (npm run build
// and npm start do it after building). For a release built with PUBLIC_URLs, run it after building all six.
import { prerenderPages } from '../tooling/prerender.mjs';

prerenderPages({ force: true }).catch((error) => {
  console.error(error.message);
  process.exit(1);
});
