/**
 * Serves a fetch-style handler (`(Request) => Promise<Response>`, e.g. `createWebhookHandler`'s)
 * from `node:http`: `http.createServer(toNodeListener(handler)).listen(4242)`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/** Options of {@link toNodeListener} and {@link requestFromNode}. */
export interface NodeListenerOptions {
  /** The origin used to build `request.url` (default: `http://` + the Host header). */
  origin?: string;
}

/** The Request a fetch handler sees for this Node request; the body streams, unread. */
export function requestFromNode(req: IncomingMessage, options: NodeListenerOptions = {}): Request {
  const origin = options.origin ?? `http://${req.headers.host ?? 'localhost'}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  });
}

/** Writes a fetch Response to a Node response, streaming its body. */
export async function sendNodeResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader('set-cookie', cookies);
  if (!response.body) return void res.end();
  for await (const chunk of response.body) res.write(chunk);
  res.end();
}

/** A `node:http` request listener that runs a fetch handler; a thrown error becomes a 500. */
export function toNodeListener(
  handler: (request: Request) => Promise<Response>,
  options: NodeListenerOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void (async () => {
      let response: Response;
      try {
        response = await handler(requestFromNode(req, options));
      } catch (error) {
        console.error(error);
        response = Response.json({ error: 'Internal error' }, { status: 500 });
      }
      await sendNodeResponse(res, response);
    })().catch((error: unknown) => res.destroy(error as Error));
  };
}
