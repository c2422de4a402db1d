// Issue 25: pull, apply and the state never lose an operator's work or touch the wrong account.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ORG_ID, startFakeVapiServer } from '@voxdesk/vapi-mock';
import { harness, tempConfigHome } from './harness.ts';
import {
  copyExample,
  sdk,
  seedClinic,
  server,
  snapshot,
  voxdesk,
  work,
  writes,
  useGitopsFixture,
} from './gitops-fixture.ts';

useGitopsFixture();

const OTHER_ORG = '0d6c3a51-7e2b-4c1d-8f90-2b4e6a8c0f11';
const OTHER_TOKEN = 'sk-test-other-org';

describe('pull never destroys local work', () => {
  it('keeps an unapplied edit, a draft and an edited file whose resource was deleted; exits 1; --force takes the account', async () => {
    const seeded = await seedClinic();
    const dir = join(work, 'vapi');
    expect((await voxdesk(['pull', '--dir', dir])).code).toBe(0);
    const reception = join(dir, 'assistants/reception.md');
    const edited = (await readFile(reception, 'utf8')).replace('Be brief.', 'Be brief and kind.');
    await writeFile(reception, edited);
    const draft = join(dir, 'assistants/after-hours.yaml');
    await writeFile(draft, 'name: After hours\nfirstMessage: We are closed; leave a message.\n');
    const line = join(dir, 'phone-numbers/main-line.yaml');
    const lineText = (await readFile(line, 'utf8')).replace('name: Main line', 'name: Main line (Sydney)');
    await writeFile(line, lineText);
    // Meanwhile, in the dashboard: a same-named assistant, the number deleted.
    await sdk().assistants.create({ name: 'After hours', firstMessage: 'Hi.' } as never);
    await sdk().phoneNumbers.delete(seeded.number.id);
    const before = await snapshot(dir);

    const pulled = await voxdesk(['pull', '--dir', dir]);
    expect(pulled.code).toBe(1);
    expect(pulled.stderr).toContain(`conflict: ${reception}: edited since the last pull or apply`);
    expect(pulled.stderr).toContain(`conflict: ${draft}: not applied yet, and the account has an assistant`);
    expect(pulled.stderr).toContain(`conflict: ${line}: deleted in the account, but edited here`);
    expect(pulled.stderr).toContain('3 files kept as they are');
    const after = await snapshot(dir);
    for (const path of [
      'assistants/reception.md',
      'assistants/after-hours.yaml',
      'phone-numbers/main-line.yaml',
    ])
      expect(after[path]).toBe(before[path]);
    // The draft is not adopted: the state gives that name no id.
    const state = JSON.parse(after['.voxdesk-state.json']!).profiles.default;
    expect(state.assistants).toEqual({ reception: seeded.assistant.id });

    const forced = await voxdesk(['pull', '--dir', dir, '--force']);
    expect(forced.code).toBe(0);
    expect(await readFile(reception, 'utf8')).toContain('Be brief.\n');
    expect(await readFile(draft, 'utf8')).toBe('name: After hours\nfirstMessage: Hi.\n');
    expect(Object.keys(await snapshot(dir))).not.toContain('phone-numbers/main-line.yaml');
  });
});

describe('the state is bound to an account', () => {
  async function pulledFromFirstOrg() {
    await seedClinic();
    const dir = join(work, 'vapi');
    expect((await voxdesk(['pull', '--dir', dir])).code).toBe(0);
    return dir;
  }

  it('refuses a token of another org given by VAPI_TOKEN: pull removes nothing, apply creates nothing', async () => {
    const dir = await pulledFromFirstOrg();
    const other = await startFakeVapiServer({ token: OTHER_TOKEN, orgId: OTHER_ORG });
    try {
      await sdk().assistants.create({ name: 'Untouched' } as never);
      const files = await snapshot(dir);
      const env = { VAPI_TOKEN: OTHER_TOKEN, VAPI_BASE_URL: other.url };
      const pulled = await voxdesk(['pull', '--dir', dir], { env });
      expect(pulled.code).toBe(1);
      expect(pulled.stderr).toContain(
        `this token opens org ${OTHER_ORG} at ${other.url}, but the folder's profile "default"`,
      );
      expect(pulled.stderr).toContain(`belongs to org ${DEFAULT_ORG_ID}`);
      const applied = await voxdesk(['apply', '--dir', dir, '--yes'], { env });
      expect(applied.code).toBe(1);
      expect(applied.stderr).toContain(`this token opens org ${OTHER_ORG}`);
      expect(other.state.requests.filter((request) => request.method !== 'GET')).toEqual([]);
      expect(await snapshot(dir)).toEqual(files);
    } finally {
      await other.close();
    }
  });

  it('refuses a token of another org stored in the config profile', async () => {
    const dir = await pulledFromFirstOrg();
    const other = await startFakeVapiServer({ token: OTHER_TOKEN, orgId: OTHER_ORG });
    const home = await tempConfigHome();
    try {
      await mkdir(join(home.dir, 'voxdesk'), { recursive: true, mode: 0o700 });
      await writeFile(
        join(home.dir, 'voxdesk', 'config.json'),
        JSON.stringify({ token: OTHER_TOKEN, baseUrl: other.url }),
        { mode: 0o600 },
      );
      const files = await snapshot(dir);
      const cli = harness({ env: { XDG_CONFIG_HOME: home.dir, NO_COLOR: '1' } });
      expect(await cli.run('apply', '--dir', dir, '--yes')).toBe(1);
      expect(cli.stderr.text).toContain(`this token opens org ${OTHER_ORG}`);
      const pull = harness({ env: { XDG_CONFIG_HOME: home.dir, NO_COLOR: '1' } });
      expect(await pull.run('pull', '--dir', dir)).toBe(1);
      expect(other.state.requests.filter((request) => request.method !== 'GET')).toEqual([]);
      expect(await snapshot(dir)).toEqual(files);
    } finally {
      await other.close();
      await home.cleanup();
    }
  });

  it('an empty account of another org is told apart by GET /org', async () => {
    const dir = await copyExample();
    expect((await voxdesk(['apply', '--dir', dir, '--yes'])).code).toBe(0);
    const other = await startFakeVapiServer({ token: OTHER_TOKEN, orgId: OTHER_ORG });
    try {
      const applied = await voxdesk(['apply', '--dir', dir, '--yes'], {
        env: { VAPI_TOKEN: OTHER_TOKEN, VAPI_BASE_URL: other.url },
      });
      expect(applied.code).toBe(1);
      expect(applied.stderr).toContain(`this token opens org ${OTHER_ORG}`);
      expect(other.state.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('a key that may not list orgs', () => {
  it('applies to an empty account (records carry the org afterwards)', async () => {
    const dir = await copyExample();
    server.failNext(1, { status: 403, method: 'GET', path: '/org' });
    expect((await voxdesk(['apply', '--dir', dir, '--yes'])).code).toBe(0);
    const state = JSON.parse(await readFile(join(dir, '.voxdesk-state.json'), 'utf8'));
    expect(state.profiles.default.account).toBeUndefined();
    // The next run reads the org from the records it lists, and records it.
    expect((await voxdesk(['pull', '--dir', dir])).code).toBe(0);
    const after = JSON.parse(await readFile(join(dir, '.voxdesk-state.json'), 'utf8'));
    expect(after.profiles.default.account).toEqual({ orgId: DEFAULT_ORG_ID, baseUrl: server.url });
  });
});

describe('three-way drift', () => {
  it('a dashboard edit is shown field by field as changed outside voxdesk and refused by apply --yes', async () => {
    const seeded = await seedClinic();
    const dir = join(work, 'vapi');
    await voxdesk(['pull', '--dir', dir]);
    const reception = join(dir, 'assistants/reception.md');
    await writeFile(
      reception,
      (await readFile(reception, 'utf8')).replace('Be brief.', 'Be brief and kind.'),
    );
    await sdk().assistants.update(seeded.assistant.id, { firstMessage: 'Good evening.' } as never);
    server.state.requests.length = 0;

    const diff = await voxdesk(['diff', '--dir', dir]);
    expect(diff.code).toBe(3);
    expect(diff.stdout).toContain('@@ model.messages[0].content @@\n');
    expect(diff.stdout).toContain(
      '@@ firstMessage @@ changed outside voxdesk\n-"Good evening."\n+"Hello, Harbour Street Clinic."\n',
    );
    expect(diff.stdout).toContain('1 field changed outside voxdesk');
    const json = JSON.parse((await voxdesk(['diff', '--dir', dir, '--json'])).stdout);
    expect(json.outside).toBe(1);
    expect(json.resources.find((item: { action: string }) => item.action === 'update').fields).toEqual([
      expect.objectContaining({ path: 'model.messages[0].content' }),
      expect.objectContaining({ path: 'firstMessage', outside: true }),
    ]);
    expect(
      json.resources.find((item: { action: string }) => item.action === 'update').fields[0],
    ).not.toHaveProperty('outside');

    const refused = await voxdesk(['apply', '--dir', dir, '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('1 field changed outside voxdesk since the last pull or apply');
    expect(writes()).toEqual([]);
    expect(server.state.assistants.get(seeded.assistant.id)?.firstMessage).toBe('Good evening.');

    // Pull takes the dashboard's edit; the local edit is a conflict kept as it is.
    expect((await voxdesk(['pull', '--dir', dir])).code).toBe(1);
    expect((await voxdesk(['apply', '--dir', dir, '--yes', '--overwrite'])).code).toBe(0);
    expect(server.state.assistants.get(seeded.assistant.id)?.firstMessage).toBe(
      'Hello, Harbour Street Clinic.',
    );
    expect((await voxdesk(['diff', '--dir', dir])).code).toBe(0);
  });
});

describe('saved plans', () => {
  async function savedPlan() {
    const seeded = await seedClinic();
    const dir = join(work, 'vapi');
    await voxdesk(['pull', '--dir', dir]);
    const reception = join(dir, 'assistants/reception.md');
    await writeFile(
      reception,
      (await readFile(reception, 'utf8')).replace('Be brief.', 'Be brief and kind.'),
    );
    const plan = join(work, 'plan.json');
    const diff = await voxdesk(['diff', '--dir', dir, '--out', plan]);
    expect(diff.code).toBe(3);
    server.state.requests.length = 0;
    return { seeded, dir, plan, reception };
  }

  it('applies exactly the plan when nothing changed since', async () => {
    const { seeded, plan } = await savedPlan();
    const applied = await voxdesk(['apply', plan]);
    expect(applied.code).toBe(0);
    expect(writes()).toEqual([`PATCH /assistant/${seeded.assistant.id}`]);
  });

  it('is refused once the files change', async () => {
    const { plan, reception } = await savedPlan();
    await writeFile(reception, (await readFile(reception, 'utf8')).replace('kind.', 'kind and calm.'));
    const applied = await voxdesk(['apply', plan]);
    expect(applied.code).toBe(1);
    expect(applied.stderr).toContain('the files changed since the plan was saved; nothing was sent');
    expect(writes()).toEqual([]);
  });

  it('is refused once the account changes', async () => {
    const { seeded, plan } = await savedPlan();
    await sdk().squads.update(seeded.squad.id, { name: 'Front desk (new)' } as never);
    server.state.requests.length = 0;
    const applied = await voxdesk(['apply', plan]);
    expect(applied.code).toBe(1);
    expect(applied.stderr).toContain('the account changed since the plan was saved; nothing was sent');
    expect(writes()).toEqual([]);
  });
});

describe('created once', () => {
  it('two concurrent applies on one machine create each resource once', async () => {
    const dir = await copyExample();
    const [a, b] = await Promise.all([
      voxdesk(['apply', '--dir', dir, '--yes']),
      voxdesk(['apply', '--dir', dir, '--yes']),
    ]);
    expect([a.code, b.code].sort()).toEqual([0, 1]);
    expect((a.code === 1 ? a : b).stderr).toContain('holds');
    expect(writes().filter((write) => write.startsWith('POST'))).toHaveLength(6);
    expect((await voxdesk(['diff', '--dir', dir])).code).toBe(0);
  });

  it('a create that timed out after the server made it is adopted on the next run, not made twice', async () => {
    const dir = await copyExample();
    server.failNext(1, { method: 'POST', path: '/squad', delayMs: 1500 });
    const first = await voxdesk(['--timeout', '500ms', 'apply', '--dir', dir, '--yes']);
    expect(first.code).not.toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(server.state.collections.get('/squad')?.size).toBe(1);
    const state = JSON.parse(await readFile(join(dir, '.voxdesk-state.json'), 'utf8'));
    expect(state.profiles.default.squads).toEqual({});

    const diff = await voxdesk(['diff', '--dir', dir]);
    expect(diff.stdout).toMatch(/# squads\/front-desk\.yaml: adopt [0-9a-f-]+: made before but not recorded/);
    server.state.requests.length = 0;
    expect((await voxdesk(['apply', '--dir', dir, '--yes'])).code).toBe(0);
    expect(writes().filter((write) => write === 'POST /squad')).toEqual([]);
    expect(server.state.collections.get('/squad')?.size).toBe(1);
    expect((await voxdesk(['diff', '--dir', dir])).code).toBe(0);
  });

  it('a same-named untracked resource with other content is not duplicated: refused, or taken over with --adopt', async () => {
    const dir = join(work, 'vapi');
    await mkdir(join(dir, 'assistants'), { recursive: true });
    await writeFile(join(dir, 'assistants/reception.yaml'), 'name: Reception\nfirstMessage: Hello.\n');
    const made = await sdk().assistants.create({ name: 'Reception', firstMessage: 'Hi.' } as never);
    server.state.requests.length = 0;
    const refused = await voxdesk(['apply', '--dir', dir, '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `untracked resources named as new files, with other content: assistants/reception (${made.id})`,
    );
    expect(writes()).toEqual([]);
    const adopted = await voxdesk(['apply', '--dir', dir, '--yes', '--adopt']);
    expect(adopted.code).toBe(0);
    expect(writes()).toEqual([`PATCH /assistant/${made.id}`]);
    expect(server.state.assistants.size).toBe(1);
    expect(server.state.assistants.get(made.id)?.firstMessage).toBe('Hello.');
    expect((await voxdesk(['diff', '--dir', dir])).code).toBe(0);
  });

  it('audit lists untracked and duplicate resources', async () => {
    const seeded = await seedClinic();
    const dir = join(work, 'vapi');
    await voxdesk(['pull', '--dir', dir]);
    const twin = await sdk().assistants.create({ name: 'Reception' } as never);
    server.state.requests.length = 0;
    const audit = await voxdesk(['audit', '--dir', dir]);
    expect(audit.code).toBe(3);
    expect(audit.stdout).toContain(
      `duplicate  assistants  "Reception"  ${seeded.assistant.id}, ${twin.id}  (tracked: ${seeded.assistant.id})`,
    );
    expect(audit.stdout).toContain(`untracked  assistants  "Reception"  ${twin.id}`);
    expect(audit.stdout).toContain('# 1 untracked, 1 duplicated names');
    expect(writes()).toEqual([]);
  });
});

describe('secrets', () => {
  it('no header value or secret lands in a pulled file or in the output', async () => {
    await sdk().tools.create({
      type: 'function',
      function: { name: 'crm_lookup' },
      server: {
        url: 'https://crm.example/hook',
        secret: 'srv-secret-1',
        headers: { 'x-api-key': 'k-live-2', 'X-Tenant': 'clinic-7' },
      },
    } as never);
    const dir = join(work, 'vapi');
    const pulled = await voxdesk(['pull', '--dir', dir]);
    expect(pulled.code).toBe(0);
    const text = await readFile(join(dir, 'tools/crm-lookup.yaml'), 'utf8');
    for (const value of ['srv-secret-1', 'k-live-2', 'clinic-7']) {
      expect(text).not.toContain(value);
      expect(pulled.stderr + pulled.stdout).not.toContain(value);
    }
    // server.secret is not in the document's Server schema: left out, as other undocumented fields.
    expect(text).not.toContain('secret:');
    expect(text).toContain('x-api-key: ${CRM_LOOKUP_SERVER_HEADERS_X_API_KEY}');
    expect(text).toContain('X-Tenant: ${CRM_LOOKUP_SERVER_HEADERS_X_TENANT}');
    const state = await readFile(join(dir, '.voxdesk-state.json'), 'utf8');
    expect(state).not.toMatch(/srv-secret-1|k-live-2|clinic-7/);
    const env = {
      CRM_LOOKUP_SERVER_HEADERS_X_API_KEY: 'k-live-2',
      CRM_LOOKUP_SERVER_HEADERS_X_TENANT: 'clinic-7',
    };
    expect((await voxdesk(['diff', '--dir', dir], { env })).code).toBe(0);
    const rotated = await voxdesk(['diff', '--dir', dir], {
      env: { ...env, CRM_LOOKUP_SERVER_HEADERS_X_API_KEY: 'k-live-3' },
    });
    expect(rotated.code).toBe(3);
    expect(rotated.stdout).not.toMatch(/k-live|srv-secret/);
  });
});
