import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

/**
 * Each published package as a user gets it: `npm pack` of the built workspace, installed from
 * its tarball into a throw-away project with no workspace links, then imported from plain Node
 * (ESM and CommonJS where offered), its bins run, and a consumer typechecked under both
 * `nodenext` and `bundler` resolution. publint and attw check the manifests. No browser.
 */
const exec = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
// A consumer's TypeScript 5.9 by path: `.bin/tsc` may be TypeScript 7 (`typescript-go`), which
// ships the same bin name.
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

interface Packed {
  dir: string;
  name: string;
  tarball: string;
  files: string[];
}

const workspaces = ['sdk', 'cli', 'packages/auth', 'packages/vapi-mock'];
let work: string;
let consumer: string;
const packed: Packed[] = [];

async function run(file: string, args: string[], cwd: string) {
  // A clean environment: a consumer's shell has no workspace conditions or npm script variables.
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: work,
    npm_config_cache: process.env.npm_config_cache ?? '',
  };
  return exec(file, args, { cwd, env, maxBuffer: 16 * 1024 * 1024 });
}

const node = (args: string[]) => run(process.execPath, args, consumer);

test.describe.configure({ mode: 'serial', timeout: 300_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  work = await mkdtemp(join(tmpdir(), 'voxdesk-packed-'));
  for (const dir of workspaces) {
    const { stdout } = await exec('npm', ['pack', '--json', '--pack-destination', work], {
      cwd: join(root, dir),
    });
    const [info] = JSON.parse(stdout) as [{ name: string; filename: string; files: { path: string }[] }];
    packed.push({
      dir,
      name: info.name,
      tarball: join(work, info.filename),
      files: info.files.map((file) => file.path),
    });
  }
  consumer = join(work, 'consumer');
  await exec('mkdir', ['-p', consumer]);
  await writeFile(
    join(consumer, 'package.json'),
    JSON.stringify({
      name: 'consumer',
      private: true,
      type: 'module',
      dependencies: Object.fromEntries(packed.map((p) => [p.name, `file:${p.tarball}`])),
    }),
  );
  // The packages' own dependencies come from npm's cache (`npm ci` filled it).
  await exec('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: consumer,
    env: { ...process.env, npm_config_workspaces: 'false' },
  });
});

test.afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

test('each tarball holds its build, README and CHANGELOG, no sources, tests, fixtures or benches', () => {
  for (const { name, files } of packed) {
    expect(files, name).toContain('package.json');
    expect(files, name).toContain('README.md');
    expect(files, name).toContain('CHANGELOG.md');
    const stray = files.filter(
      (path) =>
        /(^|\/)(test|tests|__tests__|fixtures|bench|src|scripts)\//.test(path) ||
        /\.test\.[cm]?[jt]s$/.test(path) ||
        (/\.[cm]?ts$/.test(path) && !/\.d\.[cm]?ts$/.test(path)),
    );
    expect(stray, `${name} ships files users do not need`).toEqual([]);
  }
});

test('every SDK entry imports from plain Node as ESM and as CommonJS', async () => {
  const entries = [
    '@voxdesk/sdk',
    '@voxdesk/sdk/node',
    '@voxdesk/sdk/webhooks',
    '@voxdesk/sdk/fn',
    '@voxdesk/sdk/operations',
  ];
  for (const entry of entries) {
    const esm = await node([
      '--input-type=module',
      '-e',
      `const m = await import('${entry}'); console.log(Object.keys(m).length)`,
    ]);
    expect(Number(esm.stdout), `${entry} (ESM)`).toBeGreaterThan(0);
    const cjs = await node([
      '--input-type=commonjs',
      '-e',
      `console.log(Object.keys(require('${entry}')).length)`,
    ]);
    expect(Number(cjs.stdout), `${entry} (CJS)`).toBeGreaterThan(0);
  }
  const client = await node([
    '--input-type=module',
    '-e',
    `import { Vapi } from '@voxdesk/sdk'; console.log(typeof new Vapi({ token: 't' }).assistants.list)`,
  ]);
  expect(client.stdout.trim()).toBe('function');
});

test('@voxdesk/auth and @voxdesk/vapi-mock import from plain Node', async () => {
  const auth = await node([
    '--input-type=module',
    '-e',
    `import { createStore } from '@voxdesk/auth'; console.log(typeof createStore)`,
  ]);
  expect(auth.stdout.trim()).toBe('function');
  const mock = await node([
    '--input-type=module',
    '-e',
    `import { startFakeVapiServer } from '@voxdesk/vapi-mock';
     const server = await startFakeVapiServer({ token: 't' });
     const res = await fetch(server.url + '/assistant', { headers: { authorization: 'Bearer t' } });
     console.log(res.status); await server.close();`,
  ]);
  expect(mock.stdout.trim()).toBe('200');
});

test('the bins run: voxdesk --version and vapi-mock --help', async () => {
  const cliVersion = JSON.parse(await readFile(join(root, 'cli/package.json'), 'utf8')) as {
    version: string;
  };
  const voxdesk = await run(join(consumer, 'node_modules/.bin/voxdesk'), ['--version'], consumer);
  expect(voxdesk.stdout).toContain(cliVersion.version);
  const mock = await run(join(consumer, 'node_modules/.bin/vapi-mock'), ['--help'], consumer);
  expect(mock.stdout).toMatch(/^Usage: vapi-mock /);
});

test('a TypeScript consumer typechecks under nodenext and bundler resolution', async () => {
  await writeFile(
    join(consumer, 'index.ts'),
    [
      `import { Vapi, NotFoundError, type Assistant } from '@voxdesk/sdk';`,
      `import { listAssistants } from '@voxdesk/sdk/fn';`,
      `import { verifyWebhook } from '@voxdesk/sdk/webhooks';`,
      `import { startFakeVapiServer } from '@voxdesk/vapi-mock';`,
      `const vapi = new Vapi({ token: 't' });`,
      `const first: Assistant | undefined = (await vapi.assistants.list({ limit: 1 }))[0];`,
      `export const used = [first, NotFoundError, listAssistants, verifyWebhook, startFakeVapiServer];`,
      '',
    ].join('\n'),
  );
  for (const [module, moduleResolution] of [
    ['nodenext', 'nodenext'],
    ['esnext', 'bundler'],
  ]) {
    await writeFile(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module,
          moduleResolution,
          target: 'es2023',
          lib: ['es2023', 'dom'],
          types: [],
          strict: true,
          noEmit: true,
          skipLibCheck: false,
        },
        files: ['index.ts'],
      }),
    );
    const result = await run(tsc, ['-p', 'tsconfig.json'], consumer).then(
      (ok) => ({ code: 0, out: ok.stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, out: error.stdout }),
    );
    expect(result.out, `${moduleResolution}`).toBe('');
    expect(result.code, `${moduleResolution}`).toBe(0);
  }
});

test('a CommonJS TypeScript consumer gets the same named types and errors as an ESM one', async () => {
  // Each setting reads a different declaration file: nodenext from a `type: module` package
  // the .d.ts; a .cts file, a `type: commonjs` package under node16, and node10 (which ignores
  // `exports`) the .d.cts. Every one must name the same types in the same errors.
  const source = [
    `import { Vapi, NotFoundError, type Assistant, type CreateAssistantDTO } from '@voxdesk/sdk';`,
    `import { Vapi as NodeVapi } from '@voxdesk/sdk/node';`,
    `import { listAssistants } from '@voxdesk/sdk/fn';`,
    `import { verifyWebhook, type ServerMessageEndOfCallReport } from '@voxdesk/sdk/webhooks';`,
    `const vapi: Vapi = new NodeVapi({ token: 't' });`,
    `export async function mistakes(dto: CreateAssistantDTO, report: ServerMessageEndOfCallReport) {`,
    `  await vapi.assistants.create({ nmae: 'Reception' });`,
    `  const count: number = await vapi.assistants.get('asst_1');`,
    `  const created: Assistant = await vapi.assistants.create(dto);`,
    `  const ended: number = report;`,
    `  return [count, created, ended, NotFoundError, listAssistants, verifyWebhook];`,
    `}`,
    '',
  ].join('\n');
  const settings = [
    {
      setting: 'nodenext, .ts in a type: module package',
      type: 'module',
      file: 'index.ts',
      module: 'nodenext',
    },
    { setting: 'nodenext, a .cts file', type: 'module', file: 'index.cts', module: 'nodenext' },
    { setting: 'node16, a type: commonjs package', type: 'commonjs', file: 'index.ts', module: 'node16' },
    {
      setting: 'node10 (commonjs)',
      type: 'commonjs',
      file: 'index.ts',
      module: 'commonjs',
      resolution: 'node10',
    },
  ];
  const errors: Record<string, string[]> = {};
  for (const { setting, type, file, module, resolution } of settings) {
    const dir = join(consumer, `types-${settings.findIndex((s) => s.setting === setting)}`);
    await exec('mkdir', ['-p', dir]);
    await writeFile(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'types-consumer', private: true, type }),
    );
    await writeFile(join(dir, file), source);
    await writeFile(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module,
          moduleResolution: resolution ?? module,
          target: 'es2023',
          lib: ['es2023', 'dom'],
          types: [],
          strict: true,
          noEmit: true,
          // The declarations themselves are checked by the nodenext/bundler test above.
          skipLibCheck: true,
          // node10 with `module: commonjs` would otherwise refuse `import type` forms it accepts.
          verbatimModuleSyntax: false,
        },
        files: [file],
      }),
    );
    const out = await run(tsc, ['-p', 'tsconfig.json'], dir).then(
      (ok) => ok.stdout,
      (error: { stdout: string }) => error.stdout,
    );
    // One entry per diagnostic, the file name left out: `(7,33): error TS2353: …`.
    errors[setting] = out
      .split(/\n(?=\S)/)
      .map((line) => line.trim().replace(/^[^(]+/, ''))
      .filter(Boolean);
  }
  const esm = errors[settings[0]!.setting]!;
  expect(esm).toHaveLength(3);
  expect(esm[0]).toContain("'nmae' does not exist in type 'CreateAssistantDTO'");
  expect(esm[1]).toContain("Type 'Assistant' is not assignable to type 'number'");
  expect(esm[2]).toContain("Type 'ServerMessageEndOfCallReport' is not assignable to type 'number'");
  for (const line of esm) expect(line.length, line).toBeLessThanOrEqual(300);
  for (const { setting } of settings.slice(1)) expect(errors[setting], setting).toEqual(esm);
});

test('publint and attw find nothing to fix in any tarball', async () => {
  for (const { name, tarball } of packed) {
    const lint = await run(bin('publint'), ['run', tarball, '--strict'], work);
    expect(lint.stdout, name).toContain('All good!');
  }
  // attw: the SDK ships ESM and CommonJS, typed for every resolution (node10 too, through
  // `typesVersions`); the others are ESM only, which Node >= 22.13 also loads through require(). The CLI is a
  // bin with no importable API. auth's `./testing*` entries exist only under the workspace's
  // `source` condition, for the repo's own tests, and its word list is not a module.
  const profiles: Record<string, string[]> = {
    '@voxdesk/sdk': ['--profile', 'strict'],
    '@voxdesk/auth': [
      '--profile',
      'esm-only',
      '--exclude-entrypoints',
      './testing',
      './testing/postgres',
      './data/common-passwords.txt',
    ],
    '@voxdesk/vapi-mock': ['--profile', 'esm-only'],
  };
  for (const { name, tarball } of packed) {
    const args = profiles[name];
    if (!args) continue;
    const types = await run(bin('attw'), [tarball, ...args, '--format', 'ascii'], work).then(
      (ok) => ({ code: 0, out: ok.stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, out: error.stdout }),
    );
    // Resolutions a profile ignores are still listed, marked "(ignored…)"; any other mark fails.
    const problems = types.out
      .split('\n')
      .filter((line) => /💀|❌|⚠️/.test(line) && !line.includes('(ignored'));
    expect(problems, name).toEqual([]);
    expect(types.code, name).toBe(0);
  }
});
