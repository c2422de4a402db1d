/** Where a page that needs a session sends the visitor: /login, remembering the page in `next`. */
export function loginUrl(from: string): string {
  return from === '/' ? '/login' : `/login?next=${encodeURIComponent(from)}`;
}

/**
 * Where /login goes after a successful login: its `next` when that is a path on this site,
 * else /demo. The check resolves `next` as the browser would (which drops tabs and newlines
 * and reads `\` as `/`), so `//evil.example`, `/\evil.example`, `/\t/evil.example` and
 * `https://…` cannot send a freshly signed-in visitor off the site.
 */
export function afterLogin(next: string | null): string {
  if (!next?.startsWith('/')) return '/demo';
  // Any fixed origin will do: only whether `next` leaves it matters.
  const here = 'http://site.invalid';
  const url = new URL(next, here);
  return url.origin === here ? `${url.pathname}${url.search}${url.hash}` : '/demo';
}
