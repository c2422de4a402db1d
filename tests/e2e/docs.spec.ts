import { expect, test } from '@playwright/test';
import { operations } from '@voxdesk/sdk/operations';
import { spawn } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { startFakeVapiServer } from '@voxdesk/vapi-mock';

/**
 * The generated reference pages (docs/endpoints.md, docs/cli.md) must match the code, and the
 * check that says so must really fail when they do not. Every relative link in docs/ must
 * lead to a file (and heading) that exists.
 */

const root = join(import.meta.dirname, '../..');
const docsDir = join(root, 'docs');
const generator = join(docsDir, 'scripts/generate.ts');

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Outcome> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: root, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

const generate = (...args: string[]) => run(process.execPath, ['--conditions=source', generator, ...args]);

test('the committed endpoint table, CLI reference and server-message page match the code', async () => {
  const { code, stdout, stderr } = await generate('--check');
  expect(stderr).toBe('');
  expect(code).toBe(0);
  expect(stdout).toContain('docs/endpoints.md, docs/cli.md, docs/server-messages.md: up to date');
});

test('the check fails, naming the page, when a generated page is edited or missing', async () => {
  const out = mkdtempSync(join(tmpdir(), 'voxdesk-docs-'));
  try {
    expect((await generate('--out', out)).code).toBe(0);
    expect((await generate('--check', '--out', out)).code).toBe(0);

    appendFileSync(join(out, 'cli.md'), '\nA hand edit.\n');
    rmSync(join(out, 'endpoints.md'));
    const { code, stderr } = await generate('--check', '--out', out);
    expect(code).toBe(1);
    expect(stderr).toMatch(/endpoints\.md and .*cli\.md are out of date with the code\. Run `npm run docs`/);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('the generator refuses an unknown flag with its usage', async () => {
  const { code, stderr } = await generate('--chek');
  expect(code).toBe(2);
  expect(stderr).toContain("Unknown option '--chek'. Usage: generate.ts [--check] [--out <dir>]");
});

test('the endpoint table has one row per operation of the SDK', () => {
  const rows = readFileSync(join(docsDir, 'endpoints.md'), 'utf8')
    .split('\n')
    .filter((line) => /^\| \d+ \| (GET|POST|PUT|PATCH|DELETE) \|/.test(line));
  expect(rows).toHaveLength(operations.length);
});

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const headingsOf = (file: string) =>
  new Set(
    readFileSync(file, 'utf8')
      .replace(/```[\s\S]*?```/g, '')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => anchorOf(line.replace(/^#+ /, ''))),
  );

test('every relative link in docs/ and examples/ points at an existing file and heading', () => {
  const pages = [
    ...readdirSync(docsDir)
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
    'examples/README.md',
  ];
  const broken: string[] = [];
  for (const page of pages) {
    const file = join(root, page);
    const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target!)) continue; // http(s), mailto
      const [path, anchor] = target!.split('#');
      const dest = path ? resolve(dirname(file), path) : file;
      if (!existsSync(dest)) broken.push(`${page}: ${target} (no such file)`);
      else if (anchor && dest.endsWith('.md') && !headingsOf(dest).has(anchor)) {
        broken.push(`${page}: ${target} (no such heading)`);
      }
    }
  }
  expect(broken).toEqual([]);
});

/** The fenced blocks of one language in the "Quick look" section of docs/README.md. */
function quickLook(lang: 'ts' | 'sh'): string {
  const readme = readFileSync(join(docsDir, 'README.md'), 'utf8');
  const section = readme.split(/^## /m).find((part) => part.startsWith('Quick look'));
  const block = section?.match(new RegExp('```' + lang + '\\n([\\s\\S]*?)```'))?.[1];
  if (!block) throw new Error(`docs/README.md: no \`\`\`${lang} block under "## Quick look"`);
  return block;
}

test('the Quick look SDK snippet runs as written against the fake Vapi', async () => {
  const server = await startFakeVapiServer({ token: 'sk-readme' });
  try {
    // Inside the repository (git-ignored), so `@voxdesk/sdk` resolves to the built package.
    mkdirSync(join(root, '.tsbuild'), { recursive: true });
    const dir = mkdtempSync(join(root, '.tsbuild', 'readme-snippet-'));
    writeFileSync(join(dir, 'hello.ts'), quickLook('ts'));
    const { code, stdout, stderr } = await run(process.execPath, [join(dir, 'hello.ts')], {
      PATH: process.env.PATH,
      VAPI_TOKEN: 'sk-readme',
      VAPI_BASE_URL: server.url,
    });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const [assistant] = [...server.state.assistants.values()];
    expect(assistant).toMatchObject({ name: 'Reception', firstMessage: 'Hello, how can I help?' });
    expect(stdout).toBe(`created ${assistant!.id}\n${assistant!.id} Reception\n`);
    rmSync(dir, { recursive: true, force: true });
  } finally {
    await server.close();
  }
});

test('the Quick look CLI lines run as written against the fake Vapi', async () => {
  const server = await startFakeVapiServer({ token: 'sk-readme' });
  const config = mkdtempSync(join(tmpdir(), 'voxdesk-config-'));
  try {
    const lines = quickLook('sh')
      .split('\n')
      .filter((line) => line.startsWith('npx voxdesk '));
    expect(lines).toHaveLength(3);
    const env = {
      ...process.env,
      XDG_CONFIG_HOME: config,
      NO_COLOR: '1',
      VAPI_TOKEN: 'sk-readme',
      VAPI_BASE_URL: server.url,
    };
    const outputs: string[] = [];
    for (const line of lines) {
      const { code, stdout, stderr } = await run('bash', ['-c', line], env);
      expect(code, `${line}\n${stderr}`).toBe(0);
      outputs.push(stdout);
    }
    const [assistant] = [...server.state.assistants.values()];
    expect(assistant?.name).toBe('Reception');
    expect(outputs[1]).toContain(`${assistant!.id}\tReception`);
    expect(JSON.parse(outputs[2]!)).toEqual([expect.objectContaining({ id: assistant!.id })]);
  } finally {
    await server.close();
    rmSync(config, { recursive: true, force: true });
  }
});

test("the root README's SDK and CLI snippets, where present, are the tested Quick look ones", () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```(ts|sh)\n([\s\S]*?)```/g)];
  for (const [, lang, code] of blocks) {
    if (lang === 'ts' && code!.includes("from '@voxdesk/sdk'")) expect(code).toBe(quickLook('ts'));
    if (lang === 'sh' && code!.includes('npx voxdesk ')) expect(code).toBe(quickLook('sh'));
  }
});

test('every repository path docs/architecture.md names exists', () => {
  const text = readFileSync(join(docsDir, 'architecture.md'), 'utf8');
  const named = [...text.matchAll(/`((?:sdk|cli|site|packages|tests|docs|scripts)\/[\w./*<>-]+)`/g)]
    .map((match) => match[1]!)
    // `features/<name>/route.tsx`-style patterns name a shape, not one file.
    .filter((path) => !/[*<>]/.test(path));
  expect(named.length).toBeGreaterThan(30);
  expect(named.filter((path) => !existsSync(join(root, path)))).toEqual([]);
});
