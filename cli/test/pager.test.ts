import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, tempConfigHome } from './harness.ts';
import { plain, useFakeVapi } from './fake-api.ts';

useFakeVapi({ assistants: [{ name: 'Reception' }, { name: 'Sales' }] });

let home: Awaited<ReturnType<typeof tempConfigHome>>;
beforeAll(async () => (home = await tempConfigHome()));
afterAll(() => home.cleanup());

let n = 0;
/** A real pager process (through sh, as PAGER is run) that marks each line and writes a file. */
function pager() {
  n += 1;
  const file = join(home.dir, `paged-${n}.txt`);
  return { command: `sed 's/^/> /' > '${file}'`, read: () => readFile(file, 'utf8').catch(() => '') };
}
const env = (extra: Record<string, string>) => ({ ...plain, PATH: process.env.PATH ?? '', ...extra });

describe('the pager (PAGER / VOXDESK_PAGER on a terminal, as gh)', () => {
  it('a list on a terminal goes through $PAGER; nothing reaches stdout directly', async () => {
    const paged = pager();
    const cli = harness({ tty: true, env: env({ PAGER: paged.command }) });
    expect(await cli.run('assistants', 'list')).toBe(0);
    expect(cli.stdout.text).toBe('');
    const text = await paged.read();
    expect(text).toMatch(/^> ID\s+NAME/);
    expect(text).toContain('Reception');
  });

  it('VOXDESK_PAGER beats PAGER; less gets LESS=FRX unless LESS is set', async () => {
    const paged = pager();
    const cli = harness({
      tty: true,
      env: env({ PAGER: 'false', VOXDESK_PAGER: `echo "$LESS" | ${paged.command}; cat >/dev/null` }),
    });
    expect(await cli.run('assistants', 'list')).toBe(0);
    expect(await paged.read()).toBe('> FRX\n');
    const own = pager();
    const mine = harness({
      tty: true,
      env: env({ LESS: '-S', PAGER: `echo "$LESS" | ${own.command}; cat >/dev/null` }),
    });
    expect(await mine.run('assistants', 'list')).toBe(0);
    expect(await own.read()).toBe('> -S\n');
  });

  it('off when piped, with --no-pager, NO_PAGER or PAGER=cat: the output goes to stdout', async () => {
    const cases: [boolean, Record<string, string>, string[]][] = [
      [false, {}, []],
      [true, {}, ['--no-pager']],
      [true, { NO_PAGER: '1' }, []],
      [true, { PAGER: 'cat' }, []],
    ];
    for (const [tty, extra, flags] of cases) {
      const paged = pager();
      const cli = harness({
        tty,
        env: env({ PAGER: paged.command, ...extra }),
      });
      expect(await cli.run(...flags, 'assistants', 'list')).toBe(0);
      expect(cli.stdout.text).toContain('Reception');
      expect(await paged.read()).toBe('');
    }
  });

  it('a pager that is not installed loses nothing: one warning, the output on stdout', async () => {
    const cli = harness({ tty: true, env: env({ PAGER: 'no-such-pager-here -R' }) });
    expect(await cli.run('assistants', 'list')).toBe(0);
    expect(cli.stdout.text).toContain('Reception');
    expect(cli.stderr.text).toBe(
      '! pager "no-such-pager-here -R" not found; set VOXDESK_PAGER or PAGER, or use --no-pager\n',
    );
  });

  it('no pager named and no less installed: no pager, no warning', async () => {
    const cli = harness({ tty: true, env: { ...plain, PATH: home.dir } });
    expect(await cli.run('assistants', 'list')).toBe(0);
    expect(cli.stdout.text).toContain('Reception');
    expect(cli.stderr.text).toBe('');
  });

  it('commands that stream or prompt are never paged (logs -f, calls watch, create)', async () => {
    const paged = pager();
    const cli = harness({ tty: true, env: env({ PAGER: paged.command }) });
    expect(await cli.run('assistants', 'create', '--data', '{"name":"New"}')).toBe(0);
    expect(cli.stdout.text).toContain('New');
    expect(await paged.read()).toBe('');
  });
});
