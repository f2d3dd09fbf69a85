import { describe, expect, test } from '@jest/globals';
import { returnLocationAfterLogin, sameOriginPath } from './loginRedirect';

describe('sameOriginPath', () => {
  test.each(['/pricing', '/design?step=2#preview', '/a/b'])('accepts the path %s', (path) => {
    const place = sameOriginPath(path);
    expect(`${place?.pathname}${place?.search}${place?.hash}`).toBe(path);
  });

  test.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'pricing', '', null, 42])(
    'refuses %p',
    (candidate) => expect(sameOriginPath(candidate)).toBeNull(),
  );
});

describe('returnLocationAfterLogin', () => {
  test('goes home when nothing says otherwise', () => {
    expect(returnLocationAfterLogin({})).toEqual({ pathname: '/home' });
  });

  test('prefers state.from (with its navigation state) over ?redirect=', () => {
    const from = { pathname: '/design', search: '', hash: '', state: { selectedTemplate: { id: 1 } } };
    expect(returnLocationAfterLogin({ state: { from }, search: '?redirect=/pricing' })).toEqual(from);
  });

  test('accepts state.from as a string and ?redirect= as a fallback', () => {
    expect(returnLocationAfterLogin({ state: { from: '/templates' } }).pathname).toBe('/templates');
    expect(returnLocationAfterLogin({ search: '?redirect=%2Fpricing%3Fplan%3Dpro' })).toEqual({
      pathname: '/pricing',
      search: '?plan=pro',
      hash: '',
    });
  });

  test('never returns to another site or to an auth screen', () => {
    expect(returnLocationAfterLogin({ state: { from: { pathname: '//evil.example' } } })).toEqual({ pathname: '/home' });
    expect(returnLocationAfterLogin({ search: '?redirect=https://evil.example' })).toEqual({ pathname: '/home' });
    for (const page of ['/', '/login', '/register', '/reset-password']) {
      expect(returnLocationAfterLogin({ state: { from: page } })).toEqual({ pathname: '/home' });
    }
  });
});
