import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { startFakeVapiServer, type FakeVapiServer } from '@voxdesk/vapi-mock';

/**
 * The built `voxdesk` binary (cli/dist/bin.js, from `npm run build`) as a child process
 * against the fake Vapi on a loopback port. No browser is involved.
 */
const bin = fileURLToPath(new URL('../../cli/dist/bin.js', import.meta.url));
const token = 'sk-e2e-cli-token';

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

function voxdesk(
  args: string[],
  options: { env?: Record<string, string>; stdin?: string } = {},
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

let server: FakeVapiServer;
let configHome: string;
let env: Record<string, string>;

test.beforeAll(async () => {
  server = await startFakeVapiServer({
    token,
    seed: { assistants: [{ name: 'Reception' }, { name: 'After hours' }] },
  });
  configHome = await mkdtemp(join(tmpdir(), 'voxdesk-e2e-'));
  env = { VAPI_BASE_URL: server.url, VAPI_TOKEN: token, XDG_CONFIG_HOME: configHome };
});

test.afterAll(async () => {
  await server.close();
  await rm(configHome, { recursive: true, force: true });
});

test('voxdesk assistants list --json prints only JSON', async () => {
  const result = await voxdesk(['assistants', 'list', '--json'], { env });
  expect(result.code).toBe(0);
  const assistants = JSON.parse(result.stdout) as { name: string }[];
  expect(assistants.map((assistant) => assistant.name).sort()).toEqual(['After hours', 'Reception']);
  expect(result.stderr).toBe('');
});

test('its JSON pipes into another program', async () => {
  const parse = `let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log(JSON.parse(s).length))`;
  const pipeline = spawn(
    'sh',
    ['-c', `"${process.execPath}" "${bin}" assistants list --json | "${process.execPath}" -e "${parse}"`],
    {
      env: { PATH: process.env.PATH ?? '', ...env },
    },
  );
  let out = '';
  pipeline.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise((resolve) => pipeline.on('close', resolve));
  expect(code).toBe(0);
  expect(Number(out.trim())).toBeGreaterThanOrEqual(2);
});

test('create → get → delete round trip', async () => {
  const created = await voxdesk(['assistants', 'create', '--file', '-'], {
    env,
    stdin: '{"name":"Round trip"}',
  });
  expect(created.code).toBe(0);
  // Piped: one tab-separated row, id first.
  const [id, name] = created.stdout.trimEnd().split('\t');
  expect(name).toBe('Round trip');

  const got = await voxdesk(['assistants', 'get', id!, '--json'], { env });
  expect(got.code).toBe(0);
  expect(JSON.parse(got.stdout)).toMatchObject({ id, name: 'Round trip' });

  const refused = await voxdesk(['assistants', 'delete', id!], { env });
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain('pass --yes');

  const deleted = await voxdesk(['assistants', 'delete', id!, '--yes'], { env });
  expect(deleted.code).toBe(0);
  expect(deleted.stderr).toContain(`Deleted assistant ${id}`);

  const gone = await voxdesk(['assistants', 'get', id!], { env });
  expect(gone.code).toBe(1);
  expect(gone.stderr).toMatch(
    new RegExp(
      `^voxdesk: GET /assistant/${id} failed: 404 Not Found: Assistant not found \\(request id [\\w-]+\\)\\n$`,
    ),
  );
});

test('login stores the token with mode 0600 and auth status names the file', async () => {
  const loginEnv = { VAPI_BASE_URL: server.url, XDG_CONFIG_HOME: configHome };
  const login = await voxdesk(['login', '--with-token'], { env: loginEnv, stdin: `${token}\n` });
  expect(login.code).toBe(0);
  const file = join(configHome, 'voxdesk', 'config.json');
  expect((await stat(file)).mode & 0o777).toBe(0o600);

  const status = await voxdesk(['auth', 'status'], { env: loginEnv });
  expect(status.code).toBe(0);
  expect(status.stdout).toContain(`Token source: the config file (${file})`);
  expect(status.stdout + status.stderr).not.toContain(token);
});

test('exit codes: 4 without a token, 2 for bad input, 0 for --version and --help', async () => {
  const noToken = await voxdesk(['assistants', 'list'], {
    env: { VAPI_BASE_URL: server.url, XDG_CONFIG_HOME: join(configHome, 'none') },
  });
  expect(noToken.code).toBe(4);
  const badJson = await voxdesk(['assistants', 'create', '--data', '{nope'], { env });
  expect(badJson.code).toBe(2);
  expect(badJson.stderr).toContain('invalid JSON in --data');
  const version = await voxdesk(['--version'], { env });
  expect(version.code).toBe(0);
  expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  const help = await voxdesk(['--help'], { env });
  expect(help.code).toBe(0);
  expect(help.stdout).toContain('Usage: voxdesk');
});

test('output shaping: --json fields, --jq, --template, CLICOLOR_FORCE', async () => {
  const jq = await voxdesk(['assistants', 'list', '--json', 'name', '--jq', '.[].name'], { env });
  expect(jq.code).toBe(0);
  expect(jq.stdout.split('\n').filter(Boolean).sort()).toEqual(['After hours', 'Reception']);
  const template = await voxdesk(['assistants', 'list', '--template', '{{#.}}<{{name}}>{{/.}}'], { env });
  expect(template.stdout).toContain('<Reception>');
  const unknown = await voxdesk(['assistants', 'list', '--json', 'nmae'], { env });
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain('valid fields:');
  const coloured = await voxdesk(['assistants', 'list', '--json'], { env: { ...env, CLICOLOR_FORCE: '1' } });
  expect(coloured.stdout).toContain('\u001b[');
});

test('profiles: login --profile, auth list, config set/get, --profile', async () => {
  const home = await mkdtemp(join(tmpdir(), 'voxdesk-e2e-profiles-'));
  try {
    const profileEnv = { XDG_CONFIG_HOME: home };
    const login = await voxdesk(
      ['auth', 'login', '--with-token', '--profile', 'local', '--base-url', server.url],
      { env: profileEnv, stdin: token },
    );
    expect(login.code).toBe(0);
    const list = await voxdesk(['auth', 'list', '--json'], { env: profileEnv });
    expect(JSON.parse(list.stdout)).toEqual([
      { name: 'local', active: true, baseUrl: server.url, token: `********${token.slice(-4)}` },
    ]);
    expect((await voxdesk(['config', 'set', 'output', 'json'], { env: profileEnv })).code).toBe(0);
    const assistants = await voxdesk(['--profile', 'local', 'assistants', 'list'], { env: profileEnv });
    expect(assistants.code).toBe(0);
    expect(JSON.parse(assistants.stdout)).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Reception' })]),
    );
    const missing = await voxdesk(['--profile', 'other', 'assistants', 'list'], { env: profileEnv });
    expect(missing.code).toBe(4);
  } finally {
    await rm(home, { recursive: true, force: true });
  }
});

test('calls watch follows a call until it ends', async () => {
  const id = 'e2e-watch-call';
  server.state.calls.set(id, {
    id,
    type: 'outboundPhoneCall',
    status: 'in-progress',
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  });
  const watching = voxdesk(['calls', 'watch', id, '--interval', '50ms'], { env });
  // Let it see the call in progress first, however slow the machine.
  await expect
    .poll(() => server.state.requests.filter((r) => r.path === `/call/${id}`).length)
    .toBeGreaterThan(0);
  server.state.calls.set(id, {
    ...server.state.calls.get(id)!,
    status: 'ended',
    endedReason: 'customer-ended-call',
    artifact: { messages: [{ role: 'bot', message: 'Goodbye' }] },
  });
  const result = await watching;
  expect(result.code).toBe(0);
  expect(result.stdout).toBe(
    // Piped: TSV rows, the last transcript line before the final status.
    'status\tin-progress\nassistant\tGoodbye\nstatus\tended\nended\tcustomer-ended-call\n',
  );
});

test('logs --follow stops on Ctrl-C with exit 130', async () => {
  const child = spawn(process.execPath, [bin, 'logs', '--follow', '--interval', '50ms'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await expect.poll(() => server.state.requests.filter((r) => r.path === '/logs').length).toBeGreaterThan(2);
  child.kill('SIGINT');
  const code = await new Promise((resolve) => child.on('close', resolve));
  expect(code).toBe(130);
  expect(stderr).toBe('');
});

test('files download and --dry-run through the binary', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'voxdesk-e2e-files-'));
  try {
    const before = server.state.requests.length;
    const dry = await voxdesk(['files', 'create', '-', '--name', 'hours.txt', '--dry-run'], {
      env,
      stdin: 'x',
    });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/file\n/);
    expect(server.state.requests.length).toBe(before);
    const created = await voxdesk(['files', 'create', '-', '--name', 'hours.txt', '--json', 'id'], {
      env,
      stdin: 'Open 9 to 5\n',
    });
    const { id } = JSON.parse(created.stdout) as { id: string };
    const target = join(dir, 'hours.txt');
    const downloaded = await voxdesk(['files', 'download', id, '-o', target], { env });
    expect(downloaded.code).toBe(0);
    expect(await readFile(target, 'utf8')).toBe('Open 9 to 5\n');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('paging through the SDK pager when records share a millisecond (issue 18)', async () => {
  const tied = await startFakeVapiServer({
    token,
    sameMillisecond: 5,
    seed: { tokens: Array.from({ length: 7 }, (_, i) => ({ name: `t${i}` })) },
  });
  try {
    const tiedEnv = { ...env, VAPI_BASE_URL: tied.url };
    const all = await voxdesk(['tokens', 'list', '--all', '--limit', '2', '--json', 'id'], { env: tiedEnv });
    expect(all.code).toBe(0);
    expect(new Set((JSON.parse(all.stdout) as { id: string }[]).map((t) => t.id)).size).toBe(7);
    const paginated = await voxdesk(['api', 'GET', '/token', '--paginate', '-F', 'limit=2'], {
      env: tiedEnv,
    });
    expect(paginated.code).toBe(0);
    expect(JSON.parse(paginated.stdout)).toHaveLength(7);
  } finally {
    await tied.close();
  }
});

test('retries are announced on stderr and bounded by --timeout (issue 14, defect 4)', async () => {
  server.failNext(1, { status: 429, headers: { 'retry-after': '1' } });
  const retried = await voxdesk(['assistants', 'list', '--json', 'id'], { env });
  expect(retried.code).toBe(0);
  expect(retried.stderr).toBe('Rate limited by Vapi (429); retrying in 1 s (attempt 2 of 3)…\n');
  server.failNext(1, { status: 429, headers: { 'retry-after': '120' } });
  const refused = await voxdesk(['--timeout', '20s', 'assistants', 'list'], { env });
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(
    /Vapi asks to wait 1[12]\d s: try again after \d{4}-\d\d-\d\dT[\d:]+Z, or give --timeout 3m to wait for it\n$/,
  );
  expect(refused.stderr).not.toContain('TimeoutNegativeWarning');
});
test('assistants as code through the binary: diff, apply, diff (exit 3, 0, 0)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'voxdesk-e2e-gitops-'));
  try {
    const example = fileURLToPath(new URL('../../examples/assistants-as-code/', import.meta.url));
    await cp(example, dir, { recursive: true });
    const planned = await voxdesk(['diff', '--dir', dir], { env });
    expect(planned.stderr).toBe('');
    expect(planned.code).toBe(3);
    expect(planned.stdout).toContain('# Plan: 6 to create, 0 to update, 0 to delete; 0 unchanged.');
    const applied = await voxdesk(['apply', '--dir', dir, '--yes'], { env });
    expect(applied.code).toBe(0);
    expect(applied.stderr).toContain('Applied 6 changes');
    expect((await voxdesk(['diff', '--dir', dir], { env })).code).toBe(0);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the completion install lines of `voxdesk completion --help` work in a fresh HOME', async () => {
  const home = await mkdtemp(join(tmpdir(), 'voxdesk-home-'));
  try {
    // `voxdesk` on PATH, as an installed CLI is.
    const binDir = join(home, 'bin');
    await mkdir(binDir);
    await writeFile(join(binDir, 'voxdesk'), `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`, {
      mode: 0o755,
    });
    const help = await voxdesk(['completion', '--help']);
    const lines = help.stdout
      .split('\n')
      .map((line) => line.trim().replace(/^\$ /, ''))
      .filter((line) => /completion (bash|zsh|fish) /.test(line));
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      const shell = /completion (\w+)/.exec(line)![1]!;
      const result = await new Promise<number | null>((resolve) => {
        const child = spawn('sh', ['-c', line], {
          env: { HOME: home, PATH: `${binDir}:${process.env.PATH ?? ''}` },
          stdio: 'ignore',
        });
        child.on('close', resolve);
      });
      expect(result, line).toBe(0);
      const target = {
        bash: '.local/share/bash-completion/completions/voxdesk',
        zsh: '.zfunc/_voxdesk',
        fish: '.config/fish/completions/voxdesk.fish',
      }[shell]!;
      expect((await stat(join(home, target))).size, line).toBeGreaterThan(100);
    }
  } finally {
    await rm(home, { recursive: true, force: true });
  }
});
