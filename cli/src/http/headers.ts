/**
 * Reading a request's headers without `Headers`: Node's `Headers`, `Request` and `Response` load
 * undici on first touch (~45 ms), which a one-request CLI run cannot afford. A plain object or
 * a list of pairs (what the SDK and the commands pass) is read directly; anything else (a
 * `Headers` object) goes through `Headers`, which is then loaded already.
 */
type HeadersLike = RequestInit['headers'];

/** A plain object (or a null-prototype one): read directly, never through `Headers`. */
export const isPlain = (value: object): value is Record<string, string> => {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** The headers as [lowercase name, value] pairs, in order (a repeated name repeats). */
export function headerPairs(headers: HeadersLike): [string, string][] {
  if (headers === undefined || headers === null) return [];
  if (Array.isArray(headers))
    return headers.map(([name, value]) => [String(name).toLowerCase(), String(value)]);
  if (isPlain(headers))
    return Object.entries(headers).map(([name, value]) => [name.toLowerCase(), String(value)]);
  return [...new Headers(headers)];
}

/** One header's value (repeats joined with `, `, as `Headers.get` does), or undefined. */
export function headerOf(headers: HeadersLike, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const values = headerPairs(headers)
    .filter(([key]) => key === wanted)
    .map(([, value]) => value);
  return values.length > 0 ? values.join(', ') : undefined;
}

/** The URL of fetch's first argument, without touching the `Request` class unless it is one. */
export const urlOf = (input: Parameters<typeof fetch>[0]): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
