/** Where a page that needs a session sends the visitor: /login, remembering the page in `next`. */
export function loginUrl(from: string): string {
  return from === '/' ? '/login' : `/login?next=${encodeURIComponent(from)}`;
}

/**
 * Where /login goes after a successful login: its `next` when that is a path on this site,
 * else /demo. Another origin (`//evil.example`, `/\evil.example`, `https://…`) is ignored, so a
 * crafted login link cannot send a freshly signed-in visitor off the site.
 */
export function afterLogin(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/demo';
  return next;
}
