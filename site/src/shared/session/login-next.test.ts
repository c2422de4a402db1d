import { describe, expect, it } from 'vitest';
import { afterLogin, loginUrl } from './login-next.ts';

describe('login next', () => {
  it('remembers the refused page, query included', () => {
    expect(loginUrl('/admin')).toBe('/login?next=%2Fadmin');
    expect(loginUrl('/demo?x=1&y=2')).toBe('/login?next=%2Fdemo%3Fx%3D1%26y%3D2');
  });

  it('returns to a path on this site', () => {
    expect(afterLogin('/admin')).toBe('/admin');
    expect(afterLogin(new URLSearchParams(loginUrl('/demo?x=1').split('?')[1]).get('next'))).toBe(
      '/demo?x=1',
    );
  });

  it('goes to /demo without a next, or when next points off the site', () => {
    for (const next of [
      null,
      '',
      'admin',
      '//evil.example/admin',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '\\/evil.example',
      'https://evil.example/',
    ]) {
      expect(afterLogin(next)).toBe('/demo');
    }
  });
});
