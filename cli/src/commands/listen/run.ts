/**
 * `voxdesk listen`: a loopback server URL for Vapi. Each request is verified (when a secret is
 * given) on its raw body, summarised in one line (or one NDJSON object), and either answered
 * 200 {} or relayed unchanged to --forward-to, whose answer goes back to Vapi.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Verifier, WebhookCredential } from '@voxdesk/sdk/webhooks';
import { CliError, ExitCode, UsageError } from '../../errors.ts';
import type { Deps } from '../shared.ts';
import { palette } from '../../output/color.ts';
import { borrowServerUrl } from './assistant.ts';
import { callIdOf, summarize } from './summary.ts';
import { credentialsFrom } from '../webhook-credentials.ts';
import type { ListenOpts } from './index.ts';

/** Headers that describe one hop, not the message: never relayed. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
  'content-length',
]);
const FORWARD_TIMEOUT_MS = 30_000;

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535)
    throw new UsageError(`--port must be a whole number from 0 to 65535 (0: any free port), not ${value}.`);
  return port;
}

function parseHttpUrl(flag: string, value: string | undefined): URL | undefined {
  if (value === undefined) return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || !/^https?:$/.test(url.protocol))
    throw new UsageError(
      `${flag} must be an http(s) URL such as http://127.0.0.1:3000/api/vapi, not ${value}.`,
    );
  return url;
}

/** The raw body, or undefined past `limit` bytes (the rest is not read). */
async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

interface Forwarded {
  status: number;
  ms: number;
  contentType: string | undefined;
  body: Buffer;
}

async function forward(
  deps: Pick<Deps, 'fetch'>,
  target: URL,
  req: IncomingMessage,
  body: Buffer,
  timeout: number,
): Promise<Forwarded> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(flatHeaders(req)))
    if (!HOP_BY_HOP.has(name)) headers.set(name, value);
  const started = performance.now();
  const response = await deps.fetch(target, {
    method: req.method,
    headers,
    body: req.method === 'GET' || req.method === 'HEAD' ? undefined : new Uint8Array(body),
    redirect: 'manual',
    signal: AbortSignal.timeout(timeout),
  });
  const answer = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    ms: Math.round(performance.now() - started),
    contentType: response.headers.get('content-type') ?? undefined,
    body: answer,
  };
}

const oneLine = (text: string, max = 120) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

function parseAnswer(body: Buffer): unknown {
  const text = body.toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Resolves on Ctrl-C (SIGINT) or SIGTERM; the listeners go away with it. */
function untilInterrupted(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

export async function run(options: ListenOpts, deps: Deps): Promise<void> {
  const port = parsePort(options.port);
  const target = parseHttpUrl('--forward-to', options.forwardTo);
  const publicUrl = parseHttpUrl('--public-url', options.publicUrl);
  // From the environment, the secret stays out of the process list and shell history.
  const envSecret = deps.env.VAPI_WEBHOOK_SECRET;
  const secrets = options.secret ?? (envSecret ? [envSecret] : []);
  const credentials = credentialsFrom(options, secrets);
  if (options.assistant && !publicUrl)
    throw new UsageError(
      '--assistant needs --public-url: the URL Vapi should post to for this session (your tunnel to this port)',
    );
  const { io } = deps;
  const colors = palette(io.colorEnabled);

  let verify: Verifier | undefined;
  const webhooks = await import('@voxdesk/sdk/webhooks');
  if (credentials) {
    try {
      verify =
        typeof credentials[0] === 'string'
          ? webhooks.createVerifier({ secret: credentials as string[] })
          : webhooks.createVerifier({ credentials: credentials as WebhookCredential[] });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }

  const print = (event: Record<string, unknown>, line: string) => {
    if (options.json) io.stdout.write(`${JSON.stringify(event)}\n`);
    else io.stdout.write(`${line}\n`);
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req, webhooks.DEFAULT_MAX_BODY_BYTES);
    if (!body) {
      io.stderr.write(
        `voxdesk listen: refused a body over ${webhooks.DEFAULT_MAX_BODY_BYTES} bytes (413).\n`,
      );
      res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
      res.end(JSON.stringify({ error: `The body is over ${webhooks.DEFAULT_MAX_BODY_BYTES} bytes.` }));
      return;
    }
    const time = deps.now();
    const clock = time.toLocaleTimeString('en-GB', { hour12: false });
    let message: Record<string, unknown> | undefined;
    try {
      const parsed = JSON.parse(body.toString('utf8')) as { message?: unknown };
      if (parsed?.message && typeof parsed.message === 'object')
        message = parsed.message as Record<string, unknown>;
    } catch {
      // Shown as "not a server message"; still relayed, the user's server decides.
    }
    const type = typeof message?.type === 'string' ? message.type : '(not a server message)';
    const callId = message ? callIdOf(message) : '-';
    const summary = message ? summarize(message) : oneLine(body.toString('utf8'), 60);
    const head = `${colors.dim(clock)}  ${callId}  ${colors.bold(type.padEnd(20))}  ${summary}`.trimEnd();
    const event: Record<string, unknown> = { time: time.toISOString(), callId, type, summary };

    if (verify) {
      const url = new URL(req.url ?? '/', publicUrl ?? `http://${req.headers.host ?? '127.0.0.1'}`).href;
      try {
        await verify({ method: req.method ?? 'POST', url, headers: flatHeaders(req), body });
        event.verified = true;
      } catch (error) {
        if (!(error instanceof webhooks.WebhookVerificationError)) throw error;
        event.verified = false;
        event.error = error.message;
        print({ ...event, reason: error.reason }, `${head}  ${colors.red(`✗ rejected: ${error.message}`)}`);
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: `Webhook verification failed (${error.reason}).` }));
        return;
      }
    }
    if (message) event.message = message;
    if (!target) {
      print(event, head);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
      return;
    }
    try {
      const answer = await forward(deps, target, req, body, deps.globals.timeout ?? FORWARD_TIMEOUT_MS);
      const text = answer.body.toString('utf8');
      event.forward = { status: answer.status, ms: answer.ms, answer: parseAnswer(answer.body) };
      const status =
        answer.status < 400 ? colors.green(String(answer.status)) : colors.red(String(answer.status));
      print(event, `${head}  → ${status} ${answer.ms} ms${text ? `  ${oneLine(text)}` : ''}`);
      res.writeHead(answer.status, answer.contentType ? { 'content-type': answer.contentType } : {});
      res.end(answer.body);
    } catch (error) {
      const cause = (error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      const why = `forwarding to ${target.href} failed: ${cause}`;
      print({ ...event, forward: { error: why } }, `${head}  ${colors.red(`✗ ${why}`)}`);
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: why }));
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      io.stderr.write(`voxdesk listen: ${(error as Error).message}\n`);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const hint =
        error.code === 'EADDRINUSE'
          ? `port ${port} on ${options.host} is in use: pick another with --port`
          : `cannot listen on ${options.host}:${port}: ${error.message}`;
      reject(new CliError(hint));
    });
    server.listen(port, options.host, resolve);
  });
  const interrupted = untilInterrupted();
  let restore: (() => Promise<void>) | undefined;
  if (options.assistant) {
    try {
      restore = await borrowServerUrl(deps, options.assistant, publicUrl!.href);
    } catch (error) {
      await new Promise((resolve) => server.close(resolve));
      throw error;
    }
  }
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const loopback = /^(127\.|::1$|localhost$)/.test(options.host);
  io.stderr.write(
    [
      `Listening on http://${host}:${address.port}`,
      verify
        ? `verifying with ${secrets.length} secret${secrets.length > 1 ? 's' : ''}${options.secret ? '' : ' from VAPI_WEBHOOK_SECRET'}`
        : 'NOT verifying (pass --secret to check signatures)',
      target ? `forwarding to ${target.href}` : 'answering 200 {}',
    ].join(' · ') + '. Ctrl-C to stop.\n',
  );
  if (!loopback && !verify)
    io.stderr.write(
      colors.yellow(`Warning: ${options.host} is reachable from other machines and nothing is verified.\n`),
    );
  await interrupted;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  // A restore that fails leaves the user's tunnel URL on the assistant: say so, exit 1.
  if (restore)
    await restore().catch((error: unknown) => {
      throw new CliError(
        `could not restore the server URL of assistant ${options.assistant}: ${(error as Error).message}; it still points at ${publicUrl!.href}`,
      );
    });
  throw new CliError('stopped listening (interrupted).', ExitCode.interrupted);
}
