/**
 * The browser's one way to reach the site server's `/api/*`. Same-origin credentials so
 * the session cookie travels, no referrer (spec §7 client settings), JSON both ways.
 * Every non-2xx answer becomes an `ApiError` carrying the server's `{ error }` message.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the request never got an answer (offline, server down). */
    readonly status: number,
    message: string,
    /** True when the message came from the server's `{ error }` body (safe to show as is). */
    readonly fromServer: boolean,
    /** The parsed error body, for routes that say more (per-field `errors`, `waitMs`). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
}

// Absolute so the same code works in the browser and under jsdom (Node's fetch has no base URL).
const apiUrl = (path: string) => new URL(path, window.location.href).toString();

export async function apiRequest<T>(
  path: string,
  { method = 'GET', body }: ApiRequestOptions = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method,
      credentials: 'same-origin',
      redirect: 'follow',
      referrerPolicy: 'no-referrer',
      headers: body === undefined ? { Accept: 'application/json' } : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (cause) {
    throw new ApiError(0, `Could not reach the server (${String(cause)})`, false);
  }

  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const serverMessage = errorMessageOf(payload);
    throw new ApiError(
      response.status,
      serverMessage ?? `The server answered ${response.status} ${response.statusText}`.trim(),
      serverMessage !== undefined,
      payload,
    );
  }
  return payload as T;
}

function errorMessageOf(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { error } = payload as { error?: unknown };
  return typeof error === 'string' && error.trim() !== '' ? error : undefined;
}
