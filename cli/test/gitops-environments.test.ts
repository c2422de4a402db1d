// One folder, several accounts: ${VAR} placeholders in any field (per-profile value files),
// credentials by name, and files scoped to some profiles.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFakeVapiServer, type FakeVapiServer } from '@voxdesk/vapi-mock';
import { harness } from './harness.ts';
import { copyExample, sdk, server, TOKEN, voxdesk, writes, useGitopsFixture } from './gitops-fixture.ts';

useGitopsFixture();

const STAGING_CRED = '11111111-1111-4111-8111-111111111111';
const PROD_CRED = '22222222-2222-4222-8222-222222222222';

async function edit(path: string, from: string | RegExp, to: string): Promise<void> {
  const text = await readFile(path, 'utf8');
  const next = text.replace(from, to);
  expect(next).not.toBe(text);
  await writeFile(path, next);
}

async function profileFile(dir: string, profile: string, text: string): Promise<void> {
  await mkdir(join(dir, 'profiles'), { recursive: true });
  await writeFile(join(dir, 'profiles', `${profile}.yaml`), text);
}

/** The CLI against another fake account (production). */
async function onAccount(account: FakeVapiServer, args: string[], env: Record<string, string> = {}) {
  const cli = harness({ env: { VAPI_TOKEN: TOKEN, VAPI_BASE_URL: account.url, NO_COLOR: '1', ...env } });
  const code = await cli.run(...args);
  return { code, stdout: cli.stdout.text, stderr: cli.stderr.text };
}

const stateOf = async (dir: string) => JSON.parse(await readFile(join(dir, '.voxdesk-state.json'), 'utf8'));

describe('placeholders in any field', { timeout: 60_000 }, () => {
  it('settle after apply (diff exits 0), come from the profile file, and pull keeps them', async () => {
    const dir = await copyExample();
    const nurse = join(dir, 'assistants/nurse-line.yaml');
    await edit(nurse, /^firstMessage: .*$/m, 'firstMessage: ${NURSE_GREETING}');
    await profileFile(dir, 'default', 'values:\n  NURSE_GREETING: Hello from the nurse line.\n');

    const applied = await voxdesk(['apply', '--dir', dir, '--yes']);
    expect(applied.stderr).toContain('Applied 6 changes');
    const id = (await stateOf(dir)).profiles.default.assistants['nurse-line'];
    expect((await sdk().assistants.get(id)).firstMessage).toBe('Hello from the nurse line.');
    const diff = await voxdesk(['diff', '--dir', dir]);
    expect(diff.stdout).toContain('0 to create, 0 to update');
    expect(diff.code).toBe(0);

    // The environment wins over the file: a new value is an update of that field.
    const other = await voxdesk(['diff', '--dir', dir], { env: { NURSE_GREETING: 'Hi.' } });
    expect(other.code).toBe(3);
    expect(other.stdout).toContain('firstMessage');

    const before = await readFile(nurse, 'utf8');
    const pulled = await voxdesk(['pull', '--dir', dir]);
    expect(pulled.code).toBe(0);
    expect(await readFile(nurse, 'utf8')).toBe(before);

    // Changed in the dashboard: pull keeps the placeholder (never a literal) and says so.
    await sdk().assistants.update(id, { firstMessage: 'Changed by hand.' });
    const again = await voxdesk(['pull', '--dir', dir]);
    expect(again.stderr).toContain(
      'nurse-line.yaml: firstMessage: the account holds another value than ${NURSE_GREETING}; the placeholder is kept',
    );
    expect(await readFile(nurse, 'utf8')).toContain('firstMessage: ${NURSE_GREETING}\n');
    const drift = await voxdesk(['diff', '--dir', dir]);
    expect(drift.code).toBe(3);
    expect(drift.stdout).toContain('changed outside voxdesk');
  });

  it('a variable neither the environment nor the profile file sets fails the plan with its line', async () => {
    const dir = await copyExample();
    await edit(
      join(dir, 'assistants/nurse-line.yaml'),
      /^firstMessage: .*$/m,
      'firstMessage: ${NURSE_GREETING}',
    );
    const diff = await voxdesk(['diff', '--dir', dir]);
    expect(diff.code).toBe(1);
    expect(diff.stderr).toContain(
      'nurse-line.yaml:2: firstMessage: environment variable NURSE_GREETING is not set (set it, or add it under values: in',
    );
    expect(writes()).toEqual([]);
  });

  it('a profile file with a non-string value or an unknown key is refused with its line', async () => {
    const dir = await copyExample();
    await profileFile(dir, 'default', 'values:\n  RETRIES: 3\nsecrets: {}\n');
    const diff = await voxdesk(['diff', '--dir', dir]);
    expect(diff.code).toBe(1);
    expect(diff.stderr).toContain('profiles/default.yaml:2: values.RETRIES: must be a string');
    expect(diff.stderr).toContain('profiles/default.yaml:3: secrets: is not a field of a profile file');
  });
});

describe('credentials by name', { timeout: 60_000 }, () => {
  it("each profile sends its own account's credential id; diff settles on both", async () => {
    const production = await startFakeVapiServer({ token: TOKEN });
    try {
      const dir = await copyExample();
      const tool = join(dir, 'tools/book-appointment.yaml');
      await edit(
        tool,
        '  url: https://clinic.example.com/vapi/tools',
        '  url: https://clinic.example.com/vapi/tools\n  credentialId: clinic-hmac',
      );
      await profileFile(dir, 'staging', `credentials:\n  clinic-hmac: ${STAGING_CRED}\n`);
      await profileFile(dir, 'production', `credentials:\n  clinic-hmac: ${PROD_CRED}\n`);

      expect((await voxdesk(['--profile', 'staging', 'apply', '--dir', dir, '--yes'])).code).toBe(0);
      expect(
        (await onAccount(production, ['--profile', 'production', 'apply', '--dir', dir, '--yes'])).code,
      ).toBe(0);
      const state = await stateOf(dir);
      const stagingTool = server.state.collections
        .get('/tool')
        ?.get(state.profiles.staging.tools['book-appointment']);
      const prodTool = production.state.collections
        .get('/tool')
        ?.get(state.profiles.production.tools['book-appointment']);
      expect(stagingTool).toMatchObject({ server: { credentialId: STAGING_CRED } });
      expect(prodTool).toMatchObject({ server: { credentialId: PROD_CRED } });
      expect((await voxdesk(['--profile', 'staging', 'diff', '--dir', dir])).code).toBe(0);
      expect((await onAccount(production, ['--profile', 'production', 'diff', '--dir', dir])).code).toBe(0);
      // The baselines hold the name, not either id.
      expect(JSON.stringify(state)).not.toContain(STAGING_CRED);
    } finally {
      await production.close();
    }
  });

  it("a raw credential id is refused, and so is a name the profile's file does not map; nothing is sent", async () => {
    const dir = await copyExample();
    const tool = join(dir, 'tools/book-appointment.yaml');
    await edit(
      tool,
      '  url: https://clinic.example.com/vapi/tools',
      `  url: https://clinic.example.com/vapi/tools\n  credentialId: ${STAGING_CRED}`,
    );
    const raw = await voxdesk(['--profile', 'production', 'apply', '--dir', dir, '--yes']);
    expect(raw.code).toBe(1);
    expect(raw.stderr).toContain(
      `book-appointment.yaml:6: server.credentialId: "${STAGING_CRED}" is a credential id, which belongs to one account; write the credential's name`,
    );

    await edit(tool, STAGING_CRED, 'clinic-hmac');
    await profileFile(dir, 'staging', `credentials:\n  clinic-hmac: ${STAGING_CRED}\n`);
    const unmapped = await voxdesk(['--profile', 'production', 'apply', '--dir', dir, '--yes']);
    expect(unmapped.code).toBe(1);
    expect(unmapped.stderr).toContain(
      'server.credentialId: credential "clinic-hmac" has no id for profile "production": add `clinic-hmac: <credential id>` under credentials: in',
    );
    expect(writes()).toEqual([]);
  });

  it('pull writes a name for a credential id and records it in the profile file', async () => {
    await sdk().tools.create({
      type: 'function',
      function: { name: 'lookup' },
      server: { url: 'https://crm.example.com', credentialId: STAGING_CRED },
    } as never);
    const dir = join(await copyExample(), '..', 'pulled');
    const pulled = await voxdesk(['pull', '--dir', dir]);
    expect(pulled.code).toBe(0);
    expect(await readFile(join(dir, 'tools/lookup.yaml'), 'utf8')).toContain(
      'credentialId: credential-11111111\n',
    );
    expect(await readFile(join(dir, 'profiles/default.yaml'), 'utf8')).toBe(
      `credentials:\n  credential-11111111: ${STAGING_CRED}\n`,
    );
    expect(pulled.stderr).toContain('named credential-11111111 in');
    expect((await voxdesk(['diff', '--dir', dir])).code).toBe(0);
  });
});

describe('files scoped to some profiles', { timeout: 60_000 }, () => {
  it('a phone number limited to production is left alone by staging, and kept by its pull', async () => {
    const production = await startFakeVapiServer({ token: TOKEN });
    try {
      const dir = await copyExample();
      const number = join(dir, 'phone-numbers/main-line.yaml');
      await edit(number, 'provider: vapi', 'profiles:\n  - production\nprovider: vapi');
      const staging = await voxdesk(['--profile', 'staging', 'apply', '--dir', dir, '--yes']);
      expect(staging.stderr).toContain('Applied 5 changes');
      expect(server.state.phoneNumbers.size).toBe(0);
      expect(
        (await onAccount(production, ['--profile', 'production', 'apply', '--dir', dir, '--yes'])).stderr,
      ).toContain('Applied 6 changes');
      expect(production.state.phoneNumbers.size).toBe(1);
      expect((await voxdesk(['--profile', 'staging', 'diff', '--dir', dir, '--prune'])).code).toBe(0);

      const before = await readFile(number, 'utf8');
      expect((await onAccount(production, ['--profile', 'production', 'pull', '--dir', dir])).code).toBe(0);
      expect((await voxdesk(['--profile', 'staging', 'pull', '--dir', dir])).code).toBe(0);
      expect(await readFile(number, 'utf8')).toBe(before);
      expect((await voxdesk(['--profile', 'staging', 'diff', '--dir', dir, '--prune'])).code).toBe(0);
    } finally {
      await production.close();
    }
  });

  it('a file of every profile naming a file limited to others is refused with its line', async () => {
    const dir = await copyExample();
    await edit(join(dir, 'squads/front-desk.yaml'), /^/, 'profiles: [production]\n');
    const diff = await voxdesk(['--profile', 'staging', 'diff', '--dir', dir]);
    expect(diff.code).toBe(1);
    expect(diff.stderr).toContain(
      'main-line.yaml:5: squad: squads/front-desk.yaml is limited to profiles production; profile "staging" does not manage it',
    );
  });
});
