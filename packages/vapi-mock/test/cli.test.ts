/** The `vapi-mock` command, run from source in a child process. */
import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const nodeArgs = ['--conditions=source', cli];

describe('vapi-mock command', () => {
  it('prints its loopback URL and serves the fake until stopped', async () => {
    const child = spawn(process.execPath, [...nodeArgs, '--token', 'sk-cli'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (match?.[1]) resolve(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
      });
      expect((await fetch(`${url}/assistant`)).status).toBe(401);
      const ok = await fetch(`${url}/assistant`, { headers: { authorization: 'Bearer sk-cli' } });
      expect(await ok.json()).toEqual([]);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }, 20_000);

  it('refuses bad flags with a usage error (exit 2) saying what to fix', async () => {
    const run = promisify(execFile);
    const cases = [
      [['--port', 'abc'], '--port must be an integer from 0 to 65535, got "abc".'],
      [['--rate-limit', 'fast'], '--rate-limit must look like 10/1s, got "fast".'],
      [['--colour'], "Unknown option '--colour'"],
    ] as const;
    const failures = await Promise.all(
      cases.map(([flags]) => run(process.execPath, [...nodeArgs, ...flags]).catch((error: unknown) => error)),
    );
    failures.forEach((failure, i) => {
      expect(failure).toMatchObject({ code: 2 });
      expect((failure as { stderr: string }).stderr).toContain(cases[i]?.[1]);
      expect((failure as { stderr: string }).stderr).toContain('Usage: vapi-mock');
    });
  }, 20_000);
});
