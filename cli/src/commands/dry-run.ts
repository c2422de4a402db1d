import type { Vapi } from '@voxdesk/sdk';
import { printJson } from '../output/print.ts';
import type { OutputFlags } from '../output/shape.ts';
import type { Deps } from './shared.ts';

/** The request a command would send, as `--dry-run` shows it. */
export interface CapturedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

class Captured extends Error {}

/** JSON bodies parsed, multipart parts summarised (a file's bytes are not printed). */
async function bodyOf(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const parts: Record<string, unknown> = {};
    for (const [name, value] of await request.formData()) {
      parts[name] =
        typeof value === 'string' ? value : { file: value.name, type: value.type, bytes: value.size };
    }
    return parts;
  }
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * `--dry-run`: runs the command's SDK call against a fetch that records the request and
 * sends nothing, so what is printed is exactly what the SDK would send (method, URL, body);
 * the token is shown redacted. Retries are off: there is nothing to retry.
 */
export async function dryRun(
  deps: Deps,
  json: OutputFlags['json'],
  work: (vapi: Vapi) => Promise<unknown>,
): Promise<void> {
  let captured: CapturedRequest | undefined;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const headers = Object.fromEntries(request.headers);
    if (headers.authorization) headers.authorization = 'Bearer [redacted]';
    captured = { method: request.method, url: request.url, headers, body: await bodyOf(request) };
    throw new Captured('dry run');
  };
  const { vapi } = await deps.client({ requireToken: false, fetch });
  try {
    await work(vapi);
  } catch (error) {
    if (!captured) throw error; // failed before sending (e.g. the SDK refused an argument)
  }
  if (!captured) throw new Error('dry run: the command sent no request');
  if (json !== undefined && json !== false) await printJson(deps, captured);
  else {
    const { method, url, headers, body } = captured;
    const lines = [
      `${method} ${url}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    const text =
      body === undefined ? '' : `\n${typeof body === 'string' ? body : JSON.stringify(body, null, 2)}\n`;
    deps.io.stdout.write(`${lines.join('\n')}\n${text}`);
  }
  deps.io.stderr.write('dry run: nothing was sent\n');
}
