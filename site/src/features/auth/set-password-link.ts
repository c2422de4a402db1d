/**
 * The token of a set-password link, from its fragment (`/set-password#token=…`): a fragment is
 * never sent to a server, so the token stays out of access logs and Referer headers.
 */
export function linkToken(hash: string): string | undefined {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim();
  return token ? token : undefined;
}
