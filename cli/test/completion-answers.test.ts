import { execFile } from 'node:child_process';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_MS, cachedAnswer, answerText } from '../src/completion/answers.ts';
import { cacheDir } from '../src/completion/records.ts';
import { writeConfig } from '../src/config.ts';
import { harness, tempConfigHome } from './harness.ts';

let home: Awaited<ReturnType<typeof tempConfigHome>>;
beforeAll(async () => (home = await tempConfigHome()));
afterAll(() => home.cleanup());

let runs = 0;
const envFor = (extra: Record<string, string> = {}) => {
  runs += 1;
  return {
    XDG_CONFIG_HOME: join(home.dir, `config-${runs}`),
    XDG_CACHE_HOME: join(home.dir, `cache-${runs}`),
    ...extra,
  };
};
const NOW = new Date('2026-11-21T12:00:00.000Z');

/** The full path (commander's tree), as a TAB that misses the stored answers runs it. */
async function fullTab(env: Record<string, string>, ...words: string[]): Promise<string> {
  const cli = harness({ env, now: NOW });
  expect(await cli.run('__complete', ...words)).toBe(0);
  return cli.stdout.text;
}

describe("a TAB's answer is stored for the next TABs on the same words", () => {
  it('answers a longer prefix of the same word as the full path does', async () => {
    const env = envFor();
    await fullTab(env, 'assistants', '');
    const stored = await cachedAnswer(env, ['assistants', 'de'], NOW.getTime());
    expect(stored).toBeDefined();
    expect(answerText(stored!)).toBe(await fullTab(envFor(), 'assistants', 'de'));
    expect(answerText(stored!)).toMatch(/^delete\t/);
    // Flags are a separate answer: `-` is not a prefix of the verbs.
    expect(await cachedAnswer(env, ['assistants', '--j'], NOW.getTime())).toBeUndefined();
    await fullTab(env, 'assistants', 'list', '--');
    const flags = answerText((await cachedAnswer(env, ['assistants', 'list', '--js'], NOW.getTime()))!);
    expect(flags).toBe(await fullTab(envFor(), 'assistants', 'list', '--js'));
    expect(flags).toMatch(/^--json\t[^\n]*\n:done\n$/);
  });

  it('misses once stale, for another account, or after the config file changed', async () => {
    const env = envFor({ VAPI_TOKEN: 'sk-one' });
    await writeConfig(join(env.XDG_CONFIG_HOME, 'voxdesk', 'config.json'), { profiles: { a: {} } });
    await fullTab(env, 'auth', 'switch', '');
    expect(await cachedAnswer(env, ['auth', 'switch', ''], NOW.getTime() + ANSWER_MS - 1)).toBeDefined();
    expect(await cachedAnswer(env, ['auth', 'switch', ''], NOW.getTime() + ANSWER_MS)).toBeUndefined();
    expect(
      await cachedAnswer({ ...env, VAPI_TOKEN: 'sk-two' }, ['auth', 'switch', ''], NOW.getTime()),
    ).toBeUndefined();
    await writeConfig(join(env.XDG_CONFIG_HOME, 'voxdesk', 'config.json'), { profiles: { a: {}, bb: {} } });
    expect(await cachedAnswer(env, ['auth', 'switch', ''], NOW.getTime())).toBeUndefined();
  });

  it('never writes the token, and keeps the files private', async () => {
    const env = envFor({ VAPI_TOKEN: 'sk-secret-answer' });
    await fullTab(env, 'calls', '');
    const dir = cacheDir(env);
    const [file] = await readdir(dir);
    expect(file).toMatch(/^answer-[0-9a-f]{32}\.json$/);
    expect(await readFile(join(dir, file!), 'utf8')).not.toContain('sk-secret-answer');
    expect((await stat(join(dir, file!))).mode & 0o777).toBe(0o600);
  });

  it('the bin serves a stored answer without running the full path', async () => {
    const env = { ...envFor(), PATH: process.env.PATH ?? '' };
    const bin = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
    const tab = async (...words: string[]) =>
      (
        await promisify(execFile)(process.execPath, ['--conditions=source', bin, '__complete', ...words], {
          env,
        })
      ).stdout;
    expect(await tab('assistants', 'g')).toMatch(/^get\t/);
    // Rewrite the stored answer: only a TAB served from it can print this.
    const dir = cacheDir(env);
    const [file] = await readdir(dir);
    const stored = JSON.parse(await readFile(join(dir, file!), 'utf8')) as { candidates: string[][] };
    stored.candidates.push(['gone-from-the-tree', 'gone-from-the-tree\tplanted']);
    await writeFile(join(dir, file!), JSON.stringify(stored));
    expect(await tab('assistants', 'go')).toBe('gone-from-the-tree\tplanted\n:done\n');
  });
});
