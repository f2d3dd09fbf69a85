import { afterEach, beforeEach, expect, jest, test } from '@jest/globals';
import { preloadRoute, startupRoutes } from './preloadRoute.mjs';

const CONFIG = { remotes: { content: 'http://cdn.test/content/1.0.0/mf-manifest.json', auth: 'http://auth.test/mf-manifest.json' } };
const manifest = (publicPath: string) => ({
  metaData: { publicPath, remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { path: './Blog', assets: { js: { sync: ['chunks/blog.js'] }, css: { sync: [] } } },
    {
      path: './Home',
      assets: { js: { sync: ['chunks/home.1a2b3c4d.js', 'chunks/vendor.1a2b3c4d.js'] }, css: { sync: ['chunks/home.1a2b3c4d.css'] } },
    },
  ],
});

let fetchMock: jest.Mock<(url: string) => Promise<Response>>;
const answers = new Map<string, unknown>();

beforeEach(() => {
  answers.clear();
  answers.set('/app-config.json', CONFIG);
  fetchMock = jest.fn(async (url: string) =>
    answers.has(url) ? new Response(JSON.stringify(answers.get(url)), { status: 200 }) : new Response('missing', { status: 404 }),
  );
  global.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => {
  document.head.innerHTML = '';
  delete window.__FOLIOFORGE_STARTUP__;
  window.history.replaceState(null, '', '/');
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const preloads = () =>
  Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')).map((link) => `${link.as} ${link.href}`);

/** The function as the page runs it: its source alone, outside this module. */
function runInlined(path: string) {
  window.history.replaceState(null, '', path);
  const inlined = new Function(`return (${preloadRoute.toString()})`)() as typeof preloadRoute;
  inlined(startupRoutes(), '/app-config.json');
}

/** What /home preloads of the content remote's scripts: its entry and the screen's chunks. */
const HOME_SCRIPTS = [
  'script http://cdn.test/content/1.0.0/remoteEntry.js',
  'script http://cdn.test/content/1.0.0/chunks/home.1a2b3c4d.js',
  'script http://cdn.test/content/1.0.0/chunks/vendor.1a2b3c4d.js',
];

test("preloads the entry, chunks and styles of the screen the address shows, beside the remote's manifest", async () => {
  answers.set(CONFIG.remotes.content, manifest('auto'));
  runInlined('/home');
  for (let i = 0; i < 5; i += 1) await settle();
  expect(preloads()).toEqual([...HOME_SCRIPTS, 'style http://cdn.test/content/1.0.0/chunks/home.1a2b3c4d.css']);
  // The shell still reads both responses in full.
  const startup = window.__FOLIOFORGE_STARTUP__!;
  expect(await (await startup.config).json()).toEqual(CONFIG);
  expect(await (await startup.manifests[CONFIG.remotes.content]!).json()).toEqual(manifest('auto'));
});

test('styles a page rendered ahead carries inline are not fetched again', async () => {
  answers.set(CONFIG.remotes.content, manifest('auto'));
  document.head.innerHTML = '<style data-prerendered data-href="chunks/home.1a2b3c4d.css">main{}</style>';
  runInlined('/home');
  for (let i = 0; i < 5; i += 1) await settle();
  expect(preloads()).toEqual(HOME_SCRIPTS);
});

test('a remote built for a PUBLIC_URL is preloaded from there', async () => {
  answers.set(CONFIG.remotes.content, manifest('https://static.test/content/2.0.0/'));
  runInlined('/home/');
  for (let i = 0; i < 5; i += 1) await settle();
  expect(preloads()[0]).toBe('script https://static.test/content/2.0.0/remoteEntry.js');
});

test('an address that is no screen, or a config without that remote, only asks for the config', async () => {
  runInlined('/hosting');
  for (let i = 0; i < 5; i += 1) await settle();
  answers.set('/app-config.json', { remotes: {} });
  runInlined('/home');
  for (let i = 0; i < 5; i += 1) await settle();
  expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/app-config.json', '/app-config.json']);
  expect(preloads()).toEqual([]);
});

test('a remote that is down leaves nothing behind but its failed answer, for the shell to report', async () => {
  runInlined('/home');
  for (let i = 0; i < 5; i += 1) await settle();
  expect(preloads()).toEqual([]);
  expect((await window.__FOLIOFORGE_STARTUP__!.manifests[CONFIG.remotes.content]!).status).toBe(404);
});

test('every screen route is in the table, with its remote and exposed screen', () => {
  expect(startupRoutes()).toMatchObject({
    '/': { remote: 'auth', expose: './Login' },
    '/pricing': { remote: 'commerce', expose: './Pricing' },
  });
});
