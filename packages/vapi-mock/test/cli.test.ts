/** The `vapi-mock` command, run from source in a child process. */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const nodeArgs = ['--conditions=source', cli];
const run = promisify(execFile);

function seedFile(contents: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'vapi-mock-')), 'seed.json');
  writeFileSync(path, JSON.stringify(contents));
  return path;
}

describe('vapi-mock command', () => {
  it('prints its loopback URL and serves the seeded fake until stopped', async () => {
    const seed = seedFile({ assistants: [{ name: 'Reception' }] });
    const child = spawn(process.execPath, [...nodeArgs, '--token', 'sk-cli', '--seed', seed], {
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
      const assistants = (await ok.json()) as Array<{ name: string }>;
      expect(assistants.map((a) => a.name)).toEqual(['Reception']);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }, 20_000);

  it('refuses bad flags and seed files with a usage error (exit 2) saying what to fix', async () => {
    const badSeed = seedFile({ assistant: [] });
    const cases = [
      [['--port', 'abc'], '--port must be an integer from 0 to 65535, got "abc".'],
      [['--rate-limit', 'fast'], '--rate-limit must look like 10/1s, got "fast".'],
      [['--colour'], "Unknown option '--colour'"],
      [['--seed', '/nonexistent/seed.json'], '--seed /nonexistent/seed.json: ENOENT'],
      [['--seed', badSeed], `--seed ${badSeed}: startFakeVapiServer seed: unknown "assistant"`],
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
