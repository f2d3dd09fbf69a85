// The static half of a remote's contract check: what its manifest must expose and share.
// (The browser half runs in `npm test -w <remote>`, against real builds.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { missingExposes, satisfies, sharedVersionProblems } from '../remoteContract.mjs';

const manifest = (exposes, shared = []) => ({ name: 'mfe_editor', exposes: exposes.map((path) => ({ path })), shared });
const routes = [
  { path: '/design', remote: 'mfe_editor/Design' },
  { path: '/pricing', remote: 'mfe_commerce/Pricing' },
];
const widgets = [{ id: 'mfe_commerce/CheckoutButton', renderedBy: ['mfe_editor', 'mfe_auth'] }];

test('a remote exposing every screen routed to it and every widget rendered from it fits', () => {
  assert.deepEqual(missingExposes({ remoteName: 'mfe_editor', manifest: manifest(['./Design']), routes, widgets }), []);
  assert.deepEqual(
    missingExposes({ remoteName: 'mfe_commerce', manifest: manifest(['./Pricing', './CheckoutButton']), routes, widgets }),
    [],
  );
});

test('a screen the shell routes to, or a widget another remote renders, missing from the build is named', () => {
  assert.deepEqual(missingExposes({ remoteName: 'mfe_editor', manifest: manifest(['./Generator']), routes, widgets }), [
    'the shell routes /design to mfe_editor/Design, which the build does not expose',
  ]);
  assert.deepEqual(missingExposes({ remoteName: 'mfe_commerce', manifest: manifest(['./Pricing']), routes, widgets }), [
    'mfe_editor and mfe_auth render mfe_commerce/CheckoutButton, which the build does not expose',
  ]);
});

test('the real route table and widget list: every screen of the editor is asked for', () => {
  assert.deepEqual(missingExposes({ remoteName: 'mfe_editor', manifest: manifest(['./Design', './Generator', './TemplatePage']) }), [
    'the shell routes /portfolios to mfe_editor/Portfolios, which the build does not expose',
    'the shell routes /design/blog to mfe_editor/Blog, which the build does not expose',
  ]);
});

test('versions: exact, and carets as npm reads them', () => {
  assert.equal(satisfies('18.3.1', '18.3.1'), true);
  assert.equal(satisfies('18.3.2', '18.3.1'), false);
  assert.equal(satisfies('18.3.1', '^18.2.0'), true);
  assert.equal(satisfies('18.2.0', '^18.3.1'), false);
  assert.equal(satisfies('19.0.0', '^18.3.1'), false);
  assert.equal(satisfies('0.1.4', '^0.1.0'), true);
  assert.equal(satisfies('0.2.0', '^0.1.0'), false);
  assert.equal(satisfies('0.0.3', '^0.0.2'), false);
});

test('a singleton the remote wants in a version the shell does not provide is named; others pass', () => {
  const shellManifest = manifest(
    [],
    [
      { name: 'react', version: '18.3.1', singleton: true },
      { name: '@folioforge/shared', version: '0.1.0', singleton: true },
    ],
  );
  const remote = manifest(
    ['./Design'],
    [
      { name: 'react', version: '19.0.0', requiredVersion: '^19.0.0', singleton: true },
      { name: '@folioforge/shared', version: '0.1.0', requiredVersion: '^0.1.0', singleton: true },
      // The shell does not share it: the first remote to load provides it.
      { name: '@folioforge/templates', version: '0.1.0', requiredVersion: '^0.1.0', singleton: true },
    ],
  );
  assert.deepEqual(sharedVersionProblems({ manifest: remote, shellManifest }), [
    'react: the build asks for ^19.0.0, the shell provides 18.3.1',
  ]);
});
