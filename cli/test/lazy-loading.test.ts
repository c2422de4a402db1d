import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildOptions } from '../tsup.config.ts';
import { harness } from './harness.ts';

// Records the first import of the SDK and of ajv's compiler; the modules stay real.
const loaded = vi.hoisted(() => [] as string[]);
const outputLoaded = vi.hoisted(() => [] as string[]);
vi.mock('@voxdesk/sdk', async (importOriginal) => {
  loaded.push('sdk');
  return importOriginal();
});
// ajv's compiler is for the generator: no command loads it.
vi.mock('ajv', async (importOriginal) => {
  loaded.push('ajv');
  // ajv is CommonJS: its module is the Ajv class, with `Ajv` and `default` on it.
  return { ...(await importOriginal<Record<string, unknown>>()) };
});
// The heavier output helpers load only for the output that needs them.
for (const name of ['mustache', 'string-width', 'json-colorizer']) {
  vi.doMock(name, async (importOriginal) => {
    outputLoaded.push(name);
    return importOriginal();
  });
}

/** jq-web and the body validators are required (CommonJS): Node's require cache tells. */
const required = (part: string) =>
  Object.keys(createRequire(import.meta.url).cache).some((path) => path.includes(part));
const jqLoaded = () => required('/jq-web/');
const validatorsLoaded = () => required('/generated/validators.cjs');

/** Answers every request locally (a list, or the created object): nothing leaves the process. */
const local = { id: 'a1', name: 'Local', createdAt: '2026-11-21T11:00:00.000Z' };
const fetch = async (input: string | URL | Request, init?: RequestInit) => {
  const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
  return Response.json(method === 'POST' ? local : [local]);
};

// A module loads once per file, so these tests read the order in which commands first load
// things: they keep their written order even under `--sequence.shuffle`.
describe('start-up stays light', { shuffle: false }, () => {
  it.each([
    ['--help'],
    ['--version'],
    ['assistants', '--help'],
    ['api', '--help'],
    ['calls', 'create', '--help'],
  ])('%s loads neither the SDK nor the validators', async (...argv) => {
    const cli = harness();
    expect(await cli.run(...argv)).toBe(0);
    expect(cli.stdout.text).not.toBe('');
    expect(loaded).toEqual([]);
    expect(validatorsLoaded()).toBe(false);
  });

  // Before any test that prints a table: a module loads once per file.
  it('--json loads no table, colour, jq or template code; --jq loads jq only', async () => {
    outputLoaded.length = 0;
    const json = harness({ env: { VAPI_TOKEN: 'sk-lazy-test' }, fetch });
    expect(await json.run('assistants', 'list', '--json')).toBe(0);
    expect(outputLoaded).toEqual([]);
    expect(jqLoaded()).toBe(false);
    const jq = harness({ env: { VAPI_TOKEN: 'sk-lazy-test' }, fetch });
    expect(await jq.run('assistants', 'list', '--jq', '.[0].name')).toBe(0);
    expect(jq.stdout.text).toBe('Local\n');
    expect(outputLoaded).toEqual([]);
    expect(jqLoaded()).toBe(true);
  });

  it('list loads the SDK but no validator; create loads the validators, not ajv', async () => {
    const list = harness({ env: { VAPI_TOKEN: 'sk-lazy-test' }, fetch });
    expect(await list.run('assistants', 'list')).toBe(0);
    expect(loaded).toEqual(['sdk']);
    expect(validatorsLoaded()).toBe(false);
    const create = harness({ env: { VAPI_TOKEN: 'sk-lazy-test' }, fetch });
    const code = await create.run('assistants', 'create', '--data', '{"name":"Local"}');
    expect(create.stderr.text).toBe('');
    expect(code).toBe(0);
    expect(loaded).toEqual(['sdk']);
    expect(validatorsLoaded()).toBe(true);
  });
});

// The mocks above see only the bare specifier in src/; the bundler may still hoist an SDK
// import into a chunk that `--help` loads. So build dist/ as npm does and watch what Node loads.
describe('the built CLI', () => {
  const cliDir = fileURLToPath(new URL('..', import.meta.url));
  let outDir = '';
  beforeAll(async () => {
    // Inside cli/ so that the chunks resolve @voxdesk/sdk as dist/ does; not dist/ itself,
    // which the build lane writes at the same time.
    await mkdir(join(cliDir, 'node_modules/.cache'), { recursive: true });
    outDir = await mkdtemp(join(cliDir, 'node_modules/.cache/lazy-build-'));
    // tsup reads entries and tsconfig from the working directory: the root's under `npm test`.
    const entry = buildOptions.entry.map((file) => join(cliDir, file));
    const tsconfig = join(cliDir, 'tsconfig.json');
    await build({
      ...buildOptions,
      entry,
      tsconfig,
      config: false,
      outDir,
      silent: true,
      onSuccess: undefined,
    });
  }, 60_000);
  afterAll(() => rm(outDir, { recursive: true, force: true }));

  /** Every module Node resolves while the built bin runs `argv` (a resolve hook reports them). */
  async function modulesLoadedBy(...argv: string[]): Promise<string[]> {
    return (await runBuilt(...argv)).modules;
  }

  async function runBuilt(...argv: string[]): Promise<{ modules: string[]; stdout: string }> {
    const recorder = `data:text/javascript,${encodeURIComponent(
      "import { registerHooks } from 'node:module'; import { writeSync } from 'node:fs';" +
        'const seen = []; registerHooks({ resolve(s, c, next) { const r = next(s, c); seen.push(r.url); return r; } });' +
        "process.on('exit', () => writeSync(2, `\\nloaded ${JSON.stringify(seen)}\\n`));",
    )}`;
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', recorder, join(outDir, 'bin.js'), ...argv],
      { env: { ...process.env, NO_COLOR: '1' } },
    );
    expect(stdout).not.toBe('');
    return { modules: JSON.parse(/\nloaded (.*)\n/.exec(stderr)![1]!) as string[], stdout };
  }

  it.each([['voxdesk'], ['voxdesk', '--help'], ['voxdesk', '-h'], ['voxdesk', 'help']])(
    '%s %s prints the root help from its table, without commander or the command tree',
    async (_voxdesk, ...argv) => {
      const { modules, stdout } = await runBuilt(...argv);
      expect(modules.some((url) => url.endsWith('/bin.js'))).toBe(true);
      // index.js holds the tree and imports commander's chunk; the table is one more file.
      expect(modules.filter((url) => url.endsWith('/index.js'))).toEqual([]);
      expect(modules.filter((url) => url.startsWith('file:'))).toHaveLength(2);
      // Any other word (a global flag here) goes through commander: the same text.
      expect(stdout).toBe((await runBuilt('--no-pager', '--help')).stdout);
    },
  );

  it.each([['--help'], ['assistants', '--help'], ['calls', 'list', '--help']])(
    '%s loads no SDK module, nor node:child_process, util or process as ES modules',
    async (...argv) => {
      const loadedModules = await modulesLoadedBy(...argv);
      expect(loadedModules.some((url) => url.endsWith('/bin.js'))).toBe(true);
      expect(loadedModules.filter((url) => url.includes('/sdk/'))).toEqual([]);
      // commander's import of it is made lazy at build time (scripts/lighter-commander.ts).
      expect(loadedModules).not.toContain('node:child_process');
      // Their ES-module faces run every lazy getter: read through getBuiltinModule instead.
      expect(loadedModules.filter((url) => url === 'node:util' || url === 'node:process')).toEqual([]);
    },
  );
});
