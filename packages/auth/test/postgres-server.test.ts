import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';

const SERVER = new URL('../src/testing/postgres-server.ts', import.meta.url).href;

/** The command lines of the running processes that mention `text`. */
const processesNaming = (text: string) =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        return line.includes(text) ? [line] : [];
      } catch {
        return [];
      }
    });

describe('the throw-away PostgreSQL server', () => {
  it('stops and is removed when the process that started it is killed by a signal', async () => {
    // `exit` handlers never run on SIGKILL; the server's reaper must stop it all the same.
    const script = `import { startTestPostgres } from ${JSON.stringify(SERVER)};
      const pg = await startTestPostgres();
      console.log(pg.dir);
      setInterval(() => {}, 60_000);`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const dir = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(out.trim());
      });
      child.once('exit', (code) => reject(new Error(`the child exited (${code}) before starting a server`)));
    });
    const data = join(dir, 'data');
    expect(existsSync(join(data, 'postmaster.pid'))).toBe(true);
    expect(processesNaming(data).length).toBeGreaterThan(0);
    child.kill('SIGKILL');
    // The reaper looks once a second; pg_ctl's immediate stop takes a moment more.
    for (let waited = 0; existsSync(dir) && waited < 15_000; waited += 100) await sleep(100);
    expect(existsSync(dir)).toBe(false);
    expect(processesNaming(data)).toEqual([]);
  });
});
