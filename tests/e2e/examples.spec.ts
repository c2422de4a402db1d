import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeVapiServer, type FakeVapiServer, type FakeVapiServerOptions } from '@voxdesk/vapi-mock';

/**
 * Every program in examples/ runs as a child process (Node 24 runs .ts directly) against
 * the loopback fake Vapi, importing the built @voxdesk/sdk, so none of them can rot.
 * Runs after the root `npm run build` (the SDK's, the CLI's and the fake's dist/).
 */

const root = join(import.meta.dirname, '../..');
const examplesDir = join(root, 'examples');
const TOKEN = 'sk-example-test';

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command with only the variables given (plus PATH and HOME), never the caller's token. */
function run(command: string, args: string[], env: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), NO_COLOR: '1', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const runExample = (
  file: string,
  server: FakeVapiServer,
  env: Record<string, string> = {},
  args: string[] = [],
) =>
  run(process.execPath, [join(examplesDir, file), ...args], {
    VAPI_TOKEN: TOKEN,
    VAPI_BASE_URL: server.url,
    ...env,
  });

let servers: FakeVapiServer[] = [];
async function fake(options: FakeVapiServerOptions = {}): Promise<FakeVapiServer> {
  const server = await startFakeVapiServer({ token: TOKEN, ...options });
  servers.push(server);
  return server;
}
test.afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

const TS_EXAMPLES = [
  'list-assistants.ts',
  'create-assistant-and-call.ts',
  'calls-last-week.ts',
  'upload-knowledge-base-file.ts',
  'handle-rate-limit.ts',
  'create-and-revoke-token.ts',
];
/** Server-URL examples (no VAPI_TOKEN): run by webhooks.spec.ts, with the guide that shows them. */
const WEBHOOK_EXAMPLES = ['webhooks-hono.ts', 'webhooks-next-route.ts', 'webhooks-express.ts'];
/** Servers run by a vitest test of their own (packages/vapi-mock/test/voice-agent-example.test.ts). */
const SERVER_EXAMPLES = ['voice-agent.ts'];
const SHELL_EXAMPLES = ['cli/assistant-lifecycle.sh'];

test('every example in examples/ is exercised by this file', () => {
  const ts = readdirSync(examplesDir).filter((name) => name.endsWith('.ts'));
  const sh = readdirSync(join(examplesDir, 'cli')).map((name) => `cli/${name}`);
  expect(ts.sort()).toEqual([...TS_EXAMPLES, ...WEBHOOK_EXAMPLES, ...SERVER_EXAMPLES].sort());
  expect(sh.sort()).toEqual([...SHELL_EXAMPLES].sort());
});

test('list-assistants prints id and name of each assistant', async () => {
  const server = await fake({ seed: { assistants: [{ name: 'Reception' }, { name: 'Night desk' }] } });
  const { code, stdout, stderr } = await runExample('list-assistants.ts', server);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  for (const assistant of server.state.assistants.values()) {
    expect(stdout).toContain(`${assistant.id}\t${String(assistant.name)}\n`);
  }
  expect(stdout).toContain('2 assistant(s)');
  expect(server.state.requests.map((r) => `${r.method} ${r.path}${r.search}`)).toEqual([
    'GET /assistant?limit=10',
  ]);
});

test('create-assistant-and-call creates the assistant, then queues a call from the given number', async () => {
  const server = await fake({ seed: { phoneNumbers: [{ provider: 'vapi', number: '+61280000000' }] } });
  const [phoneNumber] = [...server.state.phoneNumbers.values()];
  const { code, stdout, stderr } = await runExample('create-assistant-and-call.ts', server, {
    VAPI_PHONE_NUMBER_ID: phoneNumber!.id,
    CUSTOMER_NUMBER: '+61400000000',
  });
  expect(stderr).toBe('');
  expect(code).toBe(0);
  const [assistant] = [...server.state.assistants.values()];
  const [call] = [...server.state.calls.values()];
  expect(assistant?.name).toBe('Reception');
  expect(call).toMatchObject({
    assistantId: assistant!.id,
    phoneNumberId: phoneNumber!.id,
    customer: { number: '+61400000000' },
  });
  expect(stdout).toBe(`assistant ${assistant!.id} created\ncall ${call!.id} queued to +61400000000\n`);
});

test('create-assistant-and-call refuses a number not in E.164 form before sending anything', async () => {
  const server = await fake();
  const { code, stderr } = await runExample('create-assistant-and-call.ts', server, {
    VAPI_PHONE_NUMBER_ID: 'pn-1',
    CUSTOMER_NUMBER: '0400 000 000',
  });
  expect(code).toBe(2);
  expect(stderr).toContain('CUSTOMER_NUMBER must be in E.164 form, e.g. +61400000000 (got "0400 000 000")');
  expect(server.state.requests).toEqual([]);
});

test('calls-last-week pages through every call of the last 7 days and counts them by status', async () => {
  const day = 24 * 60 * 60 * 1000;
  const now = Date.now();
  const recent = Array.from({ length: 230 }, (_, i) => ({
    status: i % 3 === 0 ? 'queued' : 'ended',
    createdAt: new Date(now - (i + 1) * 60_000).toISOString(),
  }));
  const old = Array.from({ length: 5 }, (_, i) => ({
    status: 'ended',
    createdAt: new Date(now - 8 * day - i * 60_000).toISOString(),
  }));
  const server = await fake({ seed: { calls: [...recent, ...old] } });
  const { code, stdout, stderr } = await runExample('calls-last-week.ts', server);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  expect(stdout).toMatch(/^230 call\(s\) since \d{4}-\d\d-\d\dT/);
  expect(stdout).toContain('ended\t153\nqueued\t77\n');
  // 100 per page: three requests, the later ones continuing before the last call seen.
  const pages = server.state.requests.filter((r) => r.path === '/call');
  expect(pages).toHaveLength(3);
  // The SDK pager's cursor: `createdAtLe` the last page's last millisecond (ids seen there dropped).
  expect(pages[1]!.search).toMatch(/createdAtL[te]=/);
});

test('upload-knowledge-base-file uploads the file and makes a query tool over it', async () => {
  const server = await fake();
  const { code, stdout, stderr } = await runExample('upload-knowledge-base-file.ts', server);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  const [file] = [...server.state.files.values()];
  const size = statSync(join(examplesDir, 'data/clinic-faq.md')).size;
  expect(file).toMatchObject({ name: 'clinic-faq.md', bytes: size });
  const [tool] = [...(server.state.collections.get('/tool')?.values() ?? [])];
  expect(tool).toMatchObject({
    type: 'query',
    knowledgeBases: [{ provider: 'google', name: 'clinic-faq', fileIds: [file!.id] }],
  });
  expect(stdout).toContain(`file ${file!.id} uploaded: clinic-faq.md (${size} bytes)`);
  expect(stdout).toContain(`query tool ${tool!.id} created`);
});

test('upload-knowledge-base-file says which path is missing and sends nothing', async () => {
  const server = await fake();
  const { code, stderr } = await runExample('upload-knowledge-base-file.ts', server, {}, ['no-such-faq.pdf']);
  expect(code).toBe(1);
  expect(stderr).toContain('Cannot upload no-such-faq.pdf: no such file.');
  expect(server.state.requests).toEqual([]);
});

test('handle-rate-limit: a 429 is retried on GET and POST alike, each after Retry-After', async () => {
  const server = await fake({ seed: { assistants: [{ name: 'Reception' }] } });
  const tooMany = { status: 429, headers: { 'retry-after': '1' } };
  server.failNext(2, { ...tooMany, method: 'GET' });
  server.failNext(2, { ...tooMany, method: 'POST' });
  const { code, stdout, stderr } = await runExample('handle-rate-limit.ts', server);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  const created = [...server.state.assistants.values()].filter((a) => a.name === 'Reception');
  // The seeded one and one per create: a 429 was not processed, so its retry made no duplicate.
  expect(created).toHaveLength(3);
  const [, first, second] = [...created].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  expect(stdout).toBe(
    [
      'list: 1 assistant(s) after 3 attempt(s)',
      `create: assistant ${first!.id} after 3 attempt(s)`,
      `create with retry: assistant ${second!.id} after 1 attempt(s)`,
      '',
    ].join('\n'),
  );
});

test('handle-rate-limit exits 1 with the error when the retries run out', async () => {
  const server = await fake();
  server.failNext(10, { status: 429, headers: { 'retry-after': '0' }, method: 'POST' });
  const { code, stderr } = await runExample('handle-rate-limit.ts', server);
  expect(code).toBe(1);
  expect(stderr).toContain('create with retry: 429');
  expect(stderr).toContain('after 4 attempt(s)');
  expect(server.state.assistants.size).toBe(0);
});

test('create-and-revoke-token creates a public key, revokes it and never prints its value', async () => {
  const server = await fake();
  const { code, stdout, stderr } = await runExample('create-and-revoke-token.ts', server);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  expect(server.state.tokens.size).toBe(0);
  const [create, remove] = server.state.requests;
  expect(create).toMatchObject({ method: 'POST', path: '/token' });
  const id = remove!.path.replace('/token/', '');
  expect(remove!.method).toBe('DELETE');
  // Exactly these lines: the key's value is never printed.
  expect(stdout).toBe(
    `token ${id} created (public, "website widget")\ntoken ${id} revoked\ntoken ${id} is gone (404)\n`,
  );
});

test('every TypeScript example stops with a clear message when VAPI_TOKEN is missing', async () => {
  const server = await fake();
  for (const file of TS_EXAMPLES) {
    const { code, stderr } = await runExample(file, server, { VAPI_TOKEN: '' });
    expect(code, file).toBe(2);
    expect(stderr, file).toContain('Set VAPI_TOKEN');
  }
  expect(server.state.requests).toEqual([]);
});

for (const config of ['no config file', 'a config whose default output is JSON']) {
  test(`the CLI script creates, renames, finds and deletes an assistant with voxdesk (${config})`, async () => {
    const server = await fake();
    // `voxdesk` on the PATH, as `npm i -g @voxdesk/cli` would install it.
    const bin = mkdtempSync(join(tmpdir(), 'voxdesk-bin-'));
    const shim = join(bin, 'voxdesk');
    writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${join(root, 'cli/dist/bin.js')}" "$@"\n`);
    chmodSync(shim, 0o755);
    if (config !== 'no config file') {
      // What `voxdesk config set output json` writes: the script must not read JSON where it cuts TSV.
      mkdirSync(join(bin, '.config', 'voxdesk'), { recursive: true });
      writeFileSync(join(bin, '.config', 'voxdesk', 'config.json'), JSON.stringify({ output: 'json' }));
    }
    const { code, stdout, stderr } = await run('bash', [join(examplesDir, 'cli/assistant-lifecycle.sh')], {
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      HOME: bin,
      VAPI_TOKEN: TOKEN,
      VAPI_BASE_URL: server.url,
    });
    expect(stderr).toContain('Deleted assistant');
    expect(code).toBe(0);
    const id = /^created (\S+)$/m.exec(stdout)?.[1];
    expect(id).toBeTruthy();
    expect(stdout).toBe(
      [
        `created ${id}`,
        'renamed to Night desk (weekends)',
        '  "firstMessage": "Hello, after-hours line.",',
        `${id} is gone`,
        '',
      ].join('\n'),
    );
    expect(server.state.assistants.size).toBe(0);
    expect(server.state.requests.map((r) => r.method)).toEqual([
      'POST',
      'PATCH',
      'GET',
      'GET',
      'DELETE',
      'GET',
    ]);
  });
}
