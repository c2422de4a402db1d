import type { Readable, Writable } from 'node:stream';
import type { Vapi } from '@voxdesk/sdk';
import type { StoredConfig } from './config.ts';
import type { BaseUrlSource } from './auth/token.ts';
import { nodeFetch } from './http/node-fetch.ts';
import { configPathFor } from './config-path.ts';

/** The streams a command talks to, and what they are connected to (as `gh`'s IOStreams). */
export interface IOStreams {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  isStdinTTY: boolean;
  isStdoutTTY: boolean;
  isStderrTTY: boolean;
  /** Colour on stdout/stderr: a terminal, no `NO_COLOR`, no `--no-color`, TERM not `dumb`. */
  colorEnabled: boolean;
  /** Width used to fit tables on a terminal. */
  terminalWidth: number;
}

export type { GlobalOptions } from './global-flags.ts';
import type { GlobalOptions } from './global-flags.ts';

/** The default output when no --json/--jq/--template is given: `table` is TSV when piped. */
export type OutputFormat = 'table' | 'json';

export type TokenSource = '--token' | 'VAPI_TOKEN' | 'VAPI_API_KEY' | 'config file';

export interface Client {
  vapi: Vapi;
  baseUrl: string;
  /** Where the base URL came from: the same source as the token (or the default). */
  baseUrlSource: BaseUrlSource;
  /** The profile whose stored token and base URL apply (when flags and env leave a gap). */
  profile: string;
  tokenSource: TokenSource | undefined;
  /** The token in use, for `auth status` to show masked; never printed whole. */
  token?: string;
}

export interface ClientRequest {
  /** Fail with exit code 4 before sending anything when no token is found (default true). */
  requireToken?: boolean;
  /** Use exactly this token (login verifies a token that is not stored yet). */
  token?: string;
  /** Use this instead of reading the config file (login, which may be repairing it). */
  config?: StoredConfig;
  /** Send through this fetch, without retries (`--dry-run` records the request instead). */
  fetch?: typeof globalThis.fetch;
}

/** Everything a command needs from the outside world; tests inject every piece. */
export interface Factory {
  io: IOStreams;
  env: Record<string, string | undefined>;
  fetch: typeof globalThis.fetch;
  /** `$XDG_CONFIG_HOME/voxdesk/config.json`, else `~/.config/voxdesk/config.json`. */
  configPath: string;
  now: () => Date;
  /** Aborted to stop a polling command (watch, logs --follow) as Ctrl-C does. */
  signal: AbortSignal;
  /** The config file's defaults (output, profile); a missing or corrupt file reads as empty. */
  settings(): Promise<StoredConfig>;
  /** The pager stdout goes through for this command, stopped when it is done. */
  pager?: { stop(): Promise<void> };
  /** The longest Retry-After waited for without `--timeout` (undefined: the SDK's 60 s). */
  maxRetryAfter?: number;
  /** Where the last client's token came from, so a 401 can say which token was refused. */
  credential?: { source: TokenSource | undefined; profile: string };
  /** An SDK client for the current flags; the SDK is imported on first use only. */
  getClient(globals: GlobalOptions, request?: ClientRequest): Promise<Client>;
}

export interface FactoryOptions {
  stdin?: Readable;
  stdout?: Writable;
  stderr?: Writable;
  isStdinTTY?: boolean;
  isStdoutTTY?: boolean;
  isStderrTTY?: boolean;
  terminalWidth?: number;
  env?: Record<string, string | undefined>;
  fetch?: typeof globalThis.fetch;
  now?: () => Date;
  signal?: AbortSignal;
  /** See `Factory.maxRetryAfter` (tests use a small one instead of waiting minutes). */
  maxRetryAfter?: number;
}

export { configPathFor } from './config-path.ts';

/**
 * Colour, as gh decides it: `--color always|never` wins; else NO_COLOR turns it off,
 * CLICOLOR_FORCE (not "0") turns it on even when piped, and otherwise a terminal that is
 * not TERM=dumb gets colour.
 */
export function colorAllowed(
  env: Record<string, string | undefined>,
  isTTY: boolean,
  flag: 'always' | 'never' | 'auto' = 'auto',
): boolean {
  if (flag !== 'auto') return flag === 'always';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.CLICOLOR_FORCE !== undefined && env.CLICOLOR_FORCE !== '' && env.CLICOLOR_FORCE !== '0')
    return true;
  if (env.TERM === 'dumb') return false;
  return isTTY;
}

/** The real process's factory, or a test's with any piece replaced. */
export function createFactory(options: FactoryOptions = {}): Factory {
  const stdout = options.stdout ?? process.stdout;
  const isStdoutTTY = options.isStdoutTTY ?? Boolean(process.stdout.isTTY);
  const env = options.env ?? process.env;
  const io: IOStreams = {
    stdin: options.stdin ?? process.stdin,
    stdout,
    stderr: options.stderr ?? process.stderr,
    isStdinTTY: options.isStdinTTY ?? Boolean(process.stdin.isTTY),
    isStdoutTTY,
    isStderrTTY: options.isStderrTTY ?? Boolean(process.stderr.isTTY),
    colorEnabled: colorAllowed(env, isStdoutTTY),
    terminalWidth: options.terminalWidth ?? (process.stdout.columns || 80),
  };
  const factory: Factory = {
    io,
    env,
    // node:http rather than the global fetch, whose first call loads undici (issue 29).
    fetch: options.fetch ?? nodeFetch(env),
    configPath: configPathFor(env),
    now: options.now ?? (() => new Date()),
    signal: options.signal ?? new AbortController().signal,
    ...(options.maxRetryAfter !== undefined ? { maxRetryAfter: options.maxRetryAfter } : {}),
    async settings() {
      const { readSettings } = await import('./config.ts');
      return readSettings(factory.configPath);
    },
    async getClient(globals, request) {
      const { createClient } = await import('./client.ts');
      const client = await createClient(factory, globals, request);
      factory.credential = { source: client.tokenSource, profile: client.profile };
      return client;
    },
  };
  return factory;
}
