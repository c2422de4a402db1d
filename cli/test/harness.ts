import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { createFactory, run, type Deps, type Factory } from '../src/index.ts';

/** Collects what a command writes, as text. */
class Capture extends Writable {
  readonly chunks: Buffer[] = [];
  get text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    done();
  }
}

export interface HarnessOptions {
  /** stdout and stderr are terminals (stdin too unless stdinTTY says otherwise). */
  tty?: boolean;
  stdinTTY?: boolean;
  /** Text waiting on stdin (ends the stream after it). */
  stdin?: string;
  env?: Record<string, string | undefined>;
  fetch?: typeof globalThis.fetch;
  now?: Date;
  width?: number;
  /** Abort to stop a polling command, as Ctrl-C does. */
  signal?: AbortSignal;
  /** The longest Retry-After waited for without --timeout (default: the SDK's 60 s). */
  maxRetryAfter?: number;
}

/** What a command would have run with: its words, its parsed options and its deps. */
export interface Parsed {
  path: string;
  opts: unknown;
  deps: Deps;
}

export interface Harness {
  factory: Factory;
  stdout: Capture;
  stderr: Capture;
  run(...argv: string[]): Promise<number>;
  /**
   * gh's runF seam: parses and checks the command line, then hands the options to the test
   * instead of running the command. `parsed` is undefined when parsing refused (see `code`).
   */
  parse(...argv: string[]): Promise<{ code: number; parsed: Parsed | undefined }>;
}

/** One in-process CLI with every outside piece injected, as `gh`'s tests do. */
export function harness(options: HarnessOptions = {}): Harness {
  const stdout = new Capture();
  const stderr = new Capture();
  const stdin = new PassThrough();
  if (options.stdin !== undefined) stdin.end(options.stdin);
  else stdin.end();
  const tty = options.tty ?? false;
  const factory = createFactory({
    stdin,
    stdout,
    stderr,
    isStdinTTY: options.stdinTTY ?? tty,
    isStdoutTTY: tty,
    isStderrTTY: tty,
    terminalWidth: options.width ?? 100,
    env: options.env ?? {},
    ...(options.fetch ? { fetch: options.fetch } : {}),
    now: () => options.now ?? new Date('2026-11-21T12:00:00.000Z'),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.maxRetryAfter !== undefined ? { maxRetryAfter: options.maxRetryAfter } : {}),
  });
  return {
    factory,
    stdout,
    stderr,
    run: (...argv) => run(argv, factory),
    async parse(...argv) {
      let parsed: Parsed | undefined;
      const code = await run(argv, factory, (seen) => {
        parsed = seen;
      });
      return { code, parsed };
    },
  };
}

/** A private XDG config dir per test. */
export async function tempConfigHome(): Promise<{ dir: string; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'voxdesk-cli-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
