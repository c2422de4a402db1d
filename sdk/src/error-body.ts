/** What a Vapi error body says, whatever its shape. */
export interface VapiErrorBody {
  /** One readable line: `message` (joined when it is a list), else `error`, else the text. */
  message: string | undefined;
  /** The short error name Vapi sends (`error`, e.g. "Bad Request"), or a `code`. */
  code: string | undefined;
  /** The individual messages when Vapi sends a list (one per invalid field). */
  details: string[];
}

/**
 * The one parser of Vapi error bodies (`{message: string | string[], error, statusCode}`, or
 * text). The SDK builds its error messages with it; the CLI prints with it.
 */
export function parseVapiErrorBody(body: unknown): VapiErrorBody {
  if (!body || typeof body !== 'object') {
    // Text is its own message (its first 300 characters); nothing else says anything.
    const text = typeof body === 'string' && body.trim().slice(0, 300);
    return { message: text || undefined, code: undefined, details: [] };
  }
  const field = (key: string): unknown => Reflect.get(body, key);
  const message = field('message');
  // Some gateways nest the error: `{ message: { message, error } }`.
  if (message && typeof message === 'object' && !Array.isArray(message)) return parseVapiErrorBody(message);
  const error = field('error');
  const code = field('code');
  const details = Array.isArray(message) ? message.map(String) : [];
  const text =
    details.length > 0
      ? details.join('; ')
      : typeof message === 'string'
        ? message
        : typeof error === 'string'
          ? error
          : JSON.stringify(body).slice(0, 300);
  return {
    message: text,
    code: typeof code === 'string' ? code : typeof error === 'string' ? error : undefined,
    details,
  };
}
