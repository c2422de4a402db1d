// The site server as an operator runs it: site/server/main.ts in its own Node process (from
// source, `--conditions=source`), configured only by its environment. Used by the
// multi-instance test and the store benchmark.
import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MAIN = join(import.meta.dirname, '..', 'main.ts');

/**
 * For a Node child that runs the server's source: V8 keeps the type-stripped, compiled modules
 * between processes, which halves a start's CPU (1.1 -> 0.5 s for start.ts's import graph).
 * The folder is the one `module.enableCompileCache()` uses by default (the CLI's bin turns it
 * on), keyed by Node version and file content, so a stale entry is never used.
 */
export const COMPILE_CACHE_ENV = { NODE_COMPILE_CACHE: join(tmpdir(), 'node-compile-cache') };

export interface ServerProcess {
  name: string;
  url: string;
  child: ChildProcess;
  /** Everything printed so far, stdout and stderr. */
  output(): string;
  exited: Promise<number | null>;
  /** SIGTERM (the graceful shutdown), unless it already exited. */
  stop(): Promise<void>;
}

/**
 * Starts a server on 127.0.0.1 (port 0 unless `env.PORT`), resolves once it listens.
 * `fileSizeBlocks`: a real full disk for that process (`ulimit -f`, 512-byte blocks in sh).
 */
export function startServerProcess(
  name: string,
  env: Record<string, string>,
  timeoutMs = 20_000,
  fileSizeBlocks?: number,
): Promise<ServerProcess> {
  const [command, args] =
    fileSizeBlocks === undefined
      ? [process.execPath, ['--conditions=source', MAIN]]
      : [
          'sh',
          ['-c', `ulimit -f ${fileSizeBlocks}; exec "$0" --conditions=source "$1"`, process.execPath, MAIN],
        ];
  const child = spawn(command, args, {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      ...COMPILE_CACHE_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const running = () => child.exitCode === null && child.signalCode === null;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = () => {
      const match = /Voxdesk listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolve({
        name,
        url: match[1]!,
        child,
        output: () => output,
        exited,
        async stop() {
          if (running()) child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) before listening:\n${output}`));
    });
  });
}
