// Which origins may be a custom domain's: https on its own port always; otherwise only the scheme and
// port the site is served at (the site server serves the domains too), so production takes https alone.
import assert from 'node:assert/strict';
import { customDomainOfOrigin } from './sites.ts';

Deno.test('in production a custom domain is https on its own port, nothing else', () => {
  const site = 'https://folioforge.app';
  assert.equal(customDomainOfOrigin('https://ada-bakes.example', site), 'ada-bakes.example');
  for (const origin of ['http://ada-bakes.example', 'https://ada-bakes.example:8443', 'https://ada-bakes.example/', 'null', ''])
    assert.equal(customDomainOfOrigin(origin, site), undefined, origin);
});

Deno.test('on a developer’s machine the domain is served where the site is: its scheme and port', () => {
  const site = 'http://localhost:3000';
  assert.equal(customDomainOfOrigin('http://ada-bakes.example:3000', site), 'ada-bakes.example');
  assert.equal(customDomainOfOrigin('https://ada-bakes.example', site), 'ada-bakes.example');
  assert.equal(customDomainOfOrigin('http://ada-bakes.example:4000', site), undefined);
  assert.equal(customDomainOfOrigin('http://ada-bakes.example', site), undefined);
});
