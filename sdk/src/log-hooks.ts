/**
 * Request logging as `onRequest`/`onResponse` hooks, with credentials redacted: the code behind
 * `@voxdesk/sdk/log` (log.ts), apart from it so the client's modules and that entry load it from
 * the one shared module (tsup.config.ts).
 */
import { VapiArgumentError } from './errors.ts';
import { requestIdOf } from './http.ts';
import type { Logger, LogLevel, VapiOptions } from './options.ts';
import type { RequestEvent, ResponseEvent } from './transport.ts';

export type { Logger, LogLevel, RequestEvent, ResponseEvent };

/** The levels, quietest first. */
export const LOG_LEVELS: readonly LogLevel[] = ['off', 'error', 'warn', 'info', 'debug'];

/** Headers whose values are secrets: logged as `***`. */
const SECRET = /^(authorization|proxy-authorization|cookie|x-api-key|api-key|x-vapi-secret)$/i;

/** The headers with every credential replaced by `***`. */
export const redactHeaders = (headers: Record<string, string>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, SECRET.test(name) ? '***' : value]),
  );

/** What `logHooks` logs to, and how much. */
export interface LogOptions {
  /** Default `console`. */
  logger?: Logger | undefined;
  /** Default `info`. */
  logLevel?: LogLevel | undefined;
}

const isLogger = (v: unknown): v is Logger =>
  typeof v === 'object' &&
  v !== null &&
  ['error', 'warn', 'info', 'debug'].every((m) => typeof Reflect.get(v, m) === 'function');

function checkLevel(level: unknown, name: string): LogLevel {
  if (LOG_LEVELS.includes(level as LogLevel)) return level as LogLevel;
  throw new VapiArgumentError(
    `${name} must be one of ${LOG_LEVELS.join(', ')} (got ${JSON.stringify(level)}). Use e.g. ${name === 'VAPI_LOG' ? 'VAPI_LOG=debug' : "logLevel: 'debug'"}.`,
  );
}

/**
 * `onRequest`/`onResponse` hooks that log each attempt: at `error`, attempts that got no
 * response or a 5xx; `warn` adds 4xx; `info` adds every response; `debug` adds a line before
 * each attempt with its headers, credentials redacted.
 */
export function logHooks({ logger = console, logLevel = 'info' }: LogOptions = {}): Required<
  Pick<VapiOptions, 'onRequest' | 'onResponse'>
> {
  if (!isLogger(logger))
    throw new VapiArgumentError(
      'logger must have error, warn, info and debug functions (got ' +
        typeof logger +
        '). Use e.g. logger: console.',
    );
  const rank = LOG_LEVELS.indexOf(checkLevel(logLevel, 'logLevel'));
  return {
    onRequest(e: RequestEvent) {
      if (rank >= 4)
        logger.debug(`[vapi] ${e.method} ${e.url} (attempt ${e.attempt})`, {
          headers: redactHeaders(e.headers),
        });
    },
    onResponse({ method, url, attempt, response, error, ms }: ResponseEvent) {
      const status = response?.status ?? 0;
      const level = !response || status >= 500 ? 1 : status >= 400 ? 2 : 3;
      if (rank < level) return;
      const id = response && requestIdOf(response);
      const outcome = response
        ? `${status}${id ? ` (request id ${id})` : ''}`
        : `failed: ${error instanceof Error ? error.message : String(error)}`;
      logger[(['error', 'warn', 'info'] as const)[level - 1]!](
        `[vapi] ${method} ${url} → ${outcome} in ${ms} ms (attempt ${attempt})`,
      );
    },
  };
}

/**
 * The environment's default logger: every level to stderr, so `VAPI_LOG` never mixes its
 * lines into a program's output (`voxdesk … --json | jq` keeps working).
 */
const STDERR: Logger = {
  error: (...args) => console.error(...args),
  warn: (...args) => console.warn(...args),
  info: (...args) => console.error(...args),
  debug: (...args) => console.error(...args),
};

/** Chains two optional hooks: both run, in order. */
const both = <E>(a: ((e: E) => void) | undefined, b: (e: E) => void) => (a ? (e: E) => (a(e), b(e)) : b);

/**
 * The options with `logger`/`logLevel` (or `VAPI_LOG`, `envLevel`) turned into hooks that run
 * after the caller's own; unchanged (without those two keys) when nothing asks for logs.
 */
export function withLogging(
  o: VapiOptions | undefined,
  envLevel: string | undefined,
): VapiOptions | undefined {
  // Not an object: the options check names the mistake.
  if (typeof o !== 'object' || o === null) return o;
  const { logger, logLevel, ...rest } = o;
  const level = logLevel ?? (envLevel ? checkLevel(envLevel, 'VAPI_LOG') : undefined);
  if (!logger && (level === undefined || level === 'off')) return rest;
  const hooks = logHooks({ logger: logger ?? STDERR, logLevel: level ?? 'info' });
  return {
    ...rest,
    onRequest: both(rest.onRequest, hooks.onRequest),
    onResponse: both(rest.onResponse, hooks.onResponse),
  };
}
