import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

// The server as an operator runs it: its own process, start-up errors and SIGTERM.

const main = join(import.meta.dirname, '../../site/dist/server/main.js');

function startProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

test('a bad configuration stops the start with a message naming each variable', async () => {
  const { exited, output } = startProcess({
    PORT: 'eighty',
    AIRTABLE_TOKEN: 'pat123',
    SESSION_SECRET: 'short',
  });
  expect(await exited).toBe(1);
  const { stderr } = output();
  expect(stderr).toContain('Invalid configuration (environment variables):');
  expect(stderr).toContain('PORT: must be a port number');
  expect(stderr).toContain('SESSION_SECRET: must be at least 32 characters');
  expect(stderr).toContain('AIRTABLE_TOKEN is set but AIRTABLE_BASE_ID, AIRTABLE_TABLE_ID are missing');
});

test('first start prints a generated admin password once; SIGTERM exits cleanly', async () => {
  test.setTimeout(120_000); // two server starts, each given 30 s on a loaded machine
  const dir = mkdtempSync(join(tmpdir(), 'voxdesk-process-'));
  try {
    const env = { PORT: '0', HOST: '127.0.0.1', VOXDESK_DB: join(dir, 'voxdesk.db') };
    const first = startProcess(env);
    await expect
      .poll(() => first.output().stdout, { timeout: 30_000 })
      .toMatch(/Voxdesk listening on http:\/\/127\.0\.0\.1:\d+/);
    const { stdout } = first.output();
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)![1]!;
    const password = /password: (\S+)/.exec(stdout)![1]!;

    const login = await fetch(`${url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: 'admin@voxdesk.local', password }),
    });
    expect(login.status).toBe(200);
    // The generated password is temporary: the Admin must change it before anything else.
    expect(await login.json()).toMatchObject({ user: { mustChangePassword: true } });
    expect(statSync(join(dir, 'voxdesk.db')).mode & 0o777).toBe(0o600);
    expect(first.output().stdout).toMatch(
      /"msg":"request","method":"POST","path":"\/api\/session","status":200/,
    );
    expect(first.output().stdout.split(password).length).toBe(2); // printed once, never logged

    // SIGTERM with logins in flight: wrong passwords for the real account, so each is a full
    // scrypt check and the four queue behind one another for several hundred milliseconds.
    // The wait lets the server accept the connections first (an unknown email costs no hash
    // and could be refused before it was accepted on a loaded machine).
    const inFlight = Array.from({ length: 4 }, (_, i) =>
      fetch(`${url}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ email: 'admin@voxdesk.local', password: `not the password ${i}` }),
      }).then((response) => response.status),
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    first.child.kill('SIGTERM');
    // Each is answered before the exit: a full check (401), or 503 when the account's own lane
    // in the hash queue is full (issue 26: one account's burst waits in its own lane).
    const statuses = await Promise.all(inFlight);
    expect(statuses.every((status) => status === 401 || status === 503)).toBe(true);
    expect(statuses).toContain(401);
    expect(await first.exited).toBe(0);
    expect(first.output().stdout).toContain(
      'SIGTERM: finishing in-flight requests, then closing the database',
    );

    // Second start on the same database: no new admin, no password printed.
    const second = startProcess(env);
    await expect.poll(() => second.output().stdout, { timeout: 30_000 }).toContain('Voxdesk listening on');
    expect(second.output().stdout).not.toContain('password:');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the generated first-Admin password must be changed at the first login, in the browser', async ({
  page,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'voxdesk-first-admin-'));
  const server = startProcess({ PORT: '0', HOST: '127.0.0.1', VOXDESK_DB: join(dir, 'voxdesk.db') });
  try {
    await expect
      .poll(() => server.output().stdout, { timeout: 30_000 })
      .toMatch(/Voxdesk listening on http:\/\/127\.0\.0\.1:\d+/);
    const { stdout } = server.output();
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)![1]!;
    const generated = /password: (\S+)/.exec(stdout)![1]!;

    await page.goto(`${url}/login`);
    await page.getByLabel('Email').fill('admin@voxdesk.local');
    await page.getByLabel('Password').fill(generated);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
    // Nothing else opens meanwhile, on the server either.
    expect((await page.request.get(`${url}/api/clients`)).status()).toBe(403);

    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill(generated);
    await form.getByLabel('New password', { exact: true }).fill('the admin chose this one');
    await form.getByLabel('New password again').fill('the admin chose this one');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome, Administrator!' })).toBeVisible();
    expect((await page.request.get(`${url}/api/clients`)).status()).toBe(200);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  }
});
