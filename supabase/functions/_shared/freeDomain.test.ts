// The free domain's name rules, shared by the domains function and /account.
import assert from 'node:assert/strict';
import { domainCandidates, domainNameProblem } from './freeDomain.ts';

Deno.test('a plain name is offered under every ending, the one typed first', () => {
  assert.deepEqual(domainCandidates('Jane Doe.org'), {
    names: ['janedoe.org', 'janedoe.com', 'janedoe.net', 'janedoe.me', 'janedoe.site', 'janedoe.online'],
  });
  assert.equal(domainNameProblem('jane-doe.com'), undefined);
  assert.equal(domainNameProblem('a--b.com'), undefined, 'two dashes elsewhere are an ordinary name');
});

Deno.test('a punycode look-alike, or any reserved label, is not registered', () => {
  // xn--pple-43d.com is "аpple.com" with a Cyrillic а; a name typed in that script is refused as well.
  for (const name of ['xn--pple-43d.com', 'XN--80ak6aa92e.com', 'ab--cd.net']) {
    assert.match(domainNameProblem(name.toLowerCase()) ?? '', /two dashes after the first two characters/, name);
    assert.ok('problem' in domainCandidates(name), name);
  }
  assert.ok('problem' in domainCandidates('аpple.com'));
});
