// plan.ts on its own: loadFolder's checks and buildPlan's actions, called directly against the
// fake Vapi on loopback (no CLI in between), so each case is fast enough to run under mutation
// testing (scripts/mutation/modules.ts).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Vapi } from '@voxdesk/sdk';
import { startFakeVapiServer, type FakeVapiServer } from '@voxdesk/vapi-mock';
import { FolderProblems } from '../src/gitops/files.ts';
import {
  accountLine,
  adoptSameNamed,
  buildPlan,
  changeCount,
  driftCount,
  loadFolder,
  sameContent,
  secretForDiff,
  type FolderProfile,
  type Plan,
} from '../src/gitops/plan.ts';
import { readState } from '../src/gitops/state.ts';

// Not gitops-fixture.ts: its warm-up runs a whole `diff` outside any test, which would make
// every mutant of plan.ts "static" (run against every test) under Stryker.
const TOKEN = 'sk-test-plan';
let server: FakeVapiServer;
let work: string;
beforeAll(async () => {
  server = await startFakeVapiServer({ token: TOKEN });
});
afterAll(() => server.close());
beforeEach(async () => {
  server.reset();
  work = await mkdtemp(join(tmpdir(), 'voxdesk-plan-'));
});
afterEach(() => rm(work, { recursive: true, force: true }));
const sdk = () => new Vapi({ token: TOKEN, baseUrl: server.url, retry: 0 });

type Files = Record<string, string>;

async function folder(files: Files): Promise<string> {
  const dir = join(work, 'vapi');
  await mkdir(dir, { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

const TOOL = 'type: function\nfunction:\n  name: book\n';
const ASSISTANT = 'name: Reception\nfirstMessage: Hello\n';
const MODEL = 'model:\n  provider: openai\n  model: gpt-4o\n';

interface PlanOptions {
  profile?: string;
  env?: Record<string, string | undefined>;
  prune?: boolean;
  credentials?: Record<string, string>;
  valuesText?: string;
}

async function plan(dir: string, options: PlanOptions = {}): Promise<Plan> {
  const profile = options.profile ?? 'default';
  const env = options.env ?? {};
  const folderProfile: FolderProfile = {
    name: profile,
    credentials: options.credentials ?? {},
    valuesPath: 'vapi/profiles/x.yaml',
  };
  const files = await loadFolder(dir, env, folderProfile);
  const state = await readState(dir, profile);
  return buildPlan({
    vapi: sdk(),
    files,
    state,
    env,
    prune: options.prune ?? false,
    baseUrl: server.url,
    credentials: options.credentials ?? {},
    ...(options.valuesText === undefined ? {} : { valuesText: options.valuesText }),
  });
}

/** Records `name` as `id` (and its baseline) in the state, as apply would. */
async function record(
  dir: string,
  kind: 'tools' | 'assistants',
  name: string,
  id: string,
  baseline?: object,
) {
  const state = await readState(dir, 'default');
  state.set(kind, name, id);
  if (baseline) state.setBaseline(kind, name, baseline as Record<string, unknown>);
  await state.save();
}

async function problemsOf(dir: string, options: PlanOptions = {}): Promise<string[]> {
  try {
    await plan(dir, options);
  } catch (error) {
    if (error instanceof FolderProblems)
      return error.problems.map((p) => `${p.path.slice(dir.length + 1)}:${p.line}: ${p.field}: ${p.message}`);
    throw error;
  }
  return [];
}

const summary = (result: Plan) =>
  result.items.map((item) => `${item.action} ${item.label}${item.from ? ` from ${item.from}` : ''}`);

describe('buildPlan: actions', { timeout: 60_000 }, () => {
  it('creates new files, sorted by name within a kind, tools before assistants', async () => {
    const dir = await folder({
      'assistants/zed.yaml': 'name: Zed\n',
      'assistants/amy.yaml': 'name: Amy\n',
      'tools/book.yaml': TOOL,
    });
    const result = await plan(dir);
    expect(summary(result)).toEqual(['create tools/book', 'create assistants/amy', 'create assistants/zed']);
    expect(result.items.every((item) => item.changes.length === 0 && item.file)).toBe(true);
    expect(changeCount(result)).toBe(3);
    expect(result.profile).toBe('default');
    expect(result.baseUrl).toBe(server.url);
    expect(result.forgotten).toEqual([]);
    expect(result.remote.get('assistants')?.size).toBe(0);
  });

  it('an unchanged resource is unchanged; an edited one is an update with its fields', async () => {
    const vapi = sdk();
    const same = (await vapi.assistants.create({ name: 'Same', firstMessage: 'Hi' } as never)) as {
      id: string;
    };
    const edited = (await vapi.assistants.create({ name: 'Edited', firstMessage: 'Hi' } as never)) as {
      id: string;
    };
    const dir = await folder({
      'assistants/same.yaml': 'name: Same\nfirstMessage: Hi\n',
      'assistants/edited.yaml': 'name: Edited\nfirstMessage: Hello\n',
    });
    await record(dir, 'assistants', 'same', same.id);
    await record(dir, 'assistants', 'edited', edited.id);
    const result = await plan(dir);
    expect(summary(result)).toEqual(['update assistants/edited', 'unchanged assistants/same']);
    expect(result.items[0]).toMatchObject({ id: edited.id, name: 'edited' });
    expect(result.items[0]?.changes).toEqual([{ path: ['firstMessage'], before: 'Hi', after: 'Hello' }]);
    expect(result.items[1]?.id).toBe(same.id);
    expect(changeCount(result)).toBe(1);
    expect(driftCount(result)).toBe(0);
  });

  it('a change the account made since the baseline is marked outside; others are not', async () => {
    const vapi = sdk();
    const made = (await vapi.assistants.create({ name: 'A', firstMessage: 'Hi' } as never)) as { id: string };
    const dir = await folder({ 'assistants/a.yaml': 'name: A\nfirstMessage: Hello\n' });
    await record(dir, 'assistants', 'a', made.id, { name: 'A', firstMessage: 'Hi' });
    expect((await plan(dir)).items[0]?.changes).toEqual([
      { path: ['firstMessage'], before: 'Hi', after: 'Hello' },
    ]);
    // Someone renames it in the dashboard: the file's name would undo that.
    await vapi.assistants.update(made.id, { name: 'B' } as never);
    const result = await plan(dir);
    expect(result.items[0]?.changes).toEqual([
      { path: ['name'], before: 'B', after: 'A', outside: true },
      { path: ['firstMessage'], before: 'Hi', after: 'Hello' },
    ]);
    expect(driftCount(result)).toBe(1);
  });

  it('no baseline (an older state): nothing is marked outside', async () => {
    const vapi = sdk();
    const made = (await vapi.assistants.create({ name: 'B', firstMessage: 'Hi' } as never)) as { id: string };
    const dir = await folder({ 'assistants/a.yaml': 'name: A\nfirstMessage: Hi\n' });
    await record(dir, 'assistants', 'a', made.id);
    expect((await plan(dir)).items[0]?.changes).toEqual([{ path: ['name'], before: 'B', after: 'A' }]);
  });

  it('a nested change under a drifted field is marked outside too', async () => {
    const vapi = sdk();
    const made = (await vapi.assistants.create({
      name: 'A',
      voice: { provider: 'vapi', voiceId: 'Elliot' },
    } as never)) as { id: string };
    const dir = await folder({
      'assistants/a.yaml': 'name: A\nvoice:\n  provider: vapi\n  voiceId: Kylie\n',
    });
    await record(dir, 'assistants', 'a', made.id, {
      name: 'A',
      voice: { provider: 'vapi', voiceId: 'Elliot' },
    });
    await vapi.assistants.update(made.id, { voice: { provider: 'vapi', voiceId: 'Rohan' } } as never);
    const [change] = (await plan(dir)).items[0]?.changes ?? [];
    expect(change).toEqual({ path: ['voice', 'voiceId'], before: 'Rohan', after: 'Kylie', outside: true });
  });

  it('drift marks a change inside or around what the account changed, not its siblings', async () => {
    const vapi = sdk();
    const baseline = { name: 'A', model: { provider: 'openai', model: 'gpt-4o', temperature: 0.5 } };
    const made = (await vapi.assistants.create(baseline as never)) as { id: string };
    const dir = await folder({
      // The file takes the account's new name, and changes the model and adds a voice.
      'assistants/a.yaml':
        'name: B\nmodel:\n  provider: openai\n  model: gpt-4o-mini\n  temperature: 0.9\n' +
        'voice:\n  provider: vapi\n  voiceId: Kylie\n',
    });
    await record(dir, 'assistants', 'a', made.id, baseline);
    // Since the baseline the account renamed it, changed the temperature and added a voice.
    await vapi.assistants.update(made.id, {
      name: 'B',
      model: { provider: 'openai', model: 'gpt-4o', temperature: 0.9 },
      voice: { provider: 'vapi', voiceId: 'Rohan' },
    } as never);
    const changes = (await plan(dir)).items[0]?.changes ?? [];
    expect(changes).toEqual([
      // A sibling of the drifted temperature: the account did not touch it.
      { path: ['model', 'model'], before: 'gpt-4o', after: 'gpt-4o-mini' },
      // Inside the voice the account added (drift at `voice`, the change one level down).
      { path: ['voice', 'voiceId'], before: 'Rohan', after: 'Kylie', outside: true },
    ]);
  });

  it('a secret is never drift where the baseline holds its placeholder; an added one is', async () => {
    const vapi = sdk();
    const server = (authorization: string) => ({
      url: 'https://x',
      headers: { Authorization: authorization },
    });
    const tool = { type: 'function', function: { name: 'book' } };
    const made = (await vapi.tools.create({ ...tool, server: server('abc') } as never)) as { id: string };
    const dir = await folder({
      'tools/book.yaml': `${TOOL}server:\n  url: https://x\n  headers:\n    Authorization: \${S}\n`,
    });
    // The account's secret changed since the baseline: its value cannot be compared, so the
    // file's new secret is a change, not an undoing of someone's edit.
    await record(dir, 'tools', 'book', made.id, { ...tool, server: server('${S}') });
    await vapi.tools.update(made.id, { server: server('xyz') } as never);
    expect((await plan(dir, { env: { S: 'new' } })).items[0]?.changes).toEqual([
      { path: ['server', 'headers', 'Authorization'], before: '(a different secret)', after: '${S}' },
    ]);
    // A baseline whose headers lack it: the account added it since, so the change is marked.
    await record(dir, 'tools', 'book', made.id, { ...tool, server: { url: 'https://x', headers: {} } });
    expect((await plan(dir, { env: { S: 'new' } })).items[0]?.changes).toEqual([
      {
        path: ['server', 'headers', 'Authorization'],
        before: '(a different secret)',
        after: '${S}',
        outside: true,
      },
    ]);
  });

  it('a file renamed with the same content is a rename; references follow it', async () => {
    const vapi = sdk();
    const tool = (await vapi.tools.create({ type: 'function', function: { name: 'book' } } as never)) as {
      id: string;
    };
    const assistant = (await vapi.assistants.create({
      name: 'Reception',
      model: { provider: 'openai', model: 'gpt-4o', toolIds: [tool.id] },
    } as never)) as { id: string };
    const dir = await folder({
      'tools/booking.yaml': TOOL,
      'assistants/reception.yaml':
        'name: Reception\nmodel:\n  provider: openai\n  model: gpt-4o\ntools: [booking]\n',
    });
    await record(dir, 'tools', 'book', tool.id);
    await record(dir, 'assistants', 'reception', assistant.id);
    const result = await plan(dir);
    expect(summary(result)).toEqual(['rename tools/booking from book', 'unchanged assistants/reception']);
    expect(result.items[0]).toMatchObject({ id: tool.id, name: 'booking', changes: [] });
    expect(result.items[0]?.file?.name).toBe('booking');
  });

  it('a new file whose content differs from the orphan is a create, and the orphan stays (or is deleted with prune)', async () => {
    const vapi = sdk();
    const tool = (await vapi.tools.create({ type: 'function', function: { name: 'book' } } as never)) as {
      id: string;
    };
    const dir = await folder({ 'tools/other.yaml': 'type: function\nfunction:\n  name: other\n' });
    await record(dir, 'tools', 'book', tool.id);
    const kept = await plan(dir);
    expect(summary(kept)).toEqual(['orphan tools/book', 'create tools/other']);
    expect(kept.items[0]).toMatchObject({ id: tool.id, name: 'book', changes: [] });
    expect(changeCount(kept)).toBe(1);
    const pruned = await plan(dir, { prune: true });
    expect(summary(pruned)).toEqual(['delete tools/book', 'create tools/other']);
    expect(changeCount(pruned)).toBe(2);
  });

  it('a state entry whose resource and file are both gone is forgotten', async () => {
    const kept = (await sdk().tools.create({ type: 'function', function: { name: 'book' } } as never)) as {
      id: string;
    };
    const dir = await folder({ 'assistants/a.yaml': ASSISTANT, 'tools/book.yaml': TOOL });
    await record(dir, 'tools', 'book', kept.id);
    await record(dir, 'assistants', 'gone', '11111111-1111-4111-8111-111111111111');
    const result = await plan(dir);
    expect(result.forgotten).toEqual([{ kind: 'assistants', name: 'gone' }]);
    expect(summary(result)).toEqual(['unchanged tools/book', 'create assistants/a']);
  });

  it('a state id the account no longer has: the file is created again', async () => {
    const kept = (await sdk().tools.create({ type: 'function', function: { name: 'book' } } as never)) as {
      id: string;
    };
    const dir = await folder({ 'assistants/a.yaml': ASSISTANT, 'tools/book.yaml': TOOL });
    await record(dir, 'tools', 'book', kept.id);
    await record(dir, 'assistants', 'a', '11111111-1111-4111-8111-111111111111');
    const result = await plan(dir);
    expect(summary(result)).toEqual(['unchanged tools/book', 'create assistants/a']);
    expect(result.forgotten).toEqual([]);
  });

  it('an untracked resource with the same name and content is adopted, once', async () => {
    const vapi = sdk();
    const made = (await vapi.assistants.create({ name: 'Reception', firstMessage: 'Hello' } as never)) as {
      id: string;
    };
    const dir = await folder({ 'assistants/a.yaml': ASSISTANT, 'assistants/b.yaml': ASSISTANT });
    const result = await plan(dir);
    expect(summary(result)).toEqual(['adopt assistants/a', 'create assistants/b']);
    expect(result.items[0]).toMatchObject({ id: made.id, changes: [] });
    expect(result.items[1]?.sameName).toBeUndefined();
    expect(changeCount(result)).toBe(2);
  });

  it('an untracked resource of the same name with other content: a create that knows it', async () => {
    const vapi = sdk();
    const made = (await vapi.assistants.create({ name: 'Reception', firstMessage: 'Hi' } as never)) as {
      id: string;
    };
    await vapi.assistants.create({ name: 'Other', firstMessage: 'Hello' } as never);
    const dir = await folder({ 'assistants/a.yaml': ASSISTANT });
    const result = await plan(dir);
    expect(summary(result)).toEqual(['create assistants/a']);
    expect(result.items[0]?.sameName).toEqual({
      id: made.id,
      changes: [{ path: ['firstMessage'], before: 'Hi', after: 'Hello' }],
    });
    const adopted = adoptSameNamed(result);
    expect(adopted.items[0]).toMatchObject({ action: 'adopt', id: made.id });
    expect(adopted.items[0]?.changes).toEqual([{ path: ['firstMessage'], before: 'Hi', after: 'Hello' }]);
    expect(adopted.items[0]).not.toHaveProperty('sameName');
    expect(adopted.profile).toBe(result.profile);
  });

  it('a tracked resource is never adopted by another file of its name', async () => {
    const vapi = sdk();
    const made = (await vapi.assistants.create({ name: 'Reception', firstMessage: 'Hello' } as never)) as {
      id: string;
    };
    const dir = await folder({ 'assistants/a.yaml': ASSISTANT, 'assistants/b.yaml': ASSISTANT });
    await record(dir, 'assistants', 'a', made.id);
    const result = await plan(dir);
    expect(summary(result)).toEqual(['unchanged assistants/a', 'create assistants/b']);
    expect(result.items[1]?.sameName).toBeUndefined();
  });

  it('a squad naming an assistant whose resource is gone is an update to the new one', async () => {
    const vapi = sdk();
    const kept = (await vapi.assistants.create({ name: 'Kept' } as never)) as { id: string };
    const squad = (await vapi.squads.create({
      name: 'S',
      members: [{ assistantId: '11111111-1111-4111-8111-111111111111' }],
    } as never)) as { id: string };
    const dir = await folder({
      'assistants/a.yaml': 'name: A\n',
      'assistants/kept.yaml': 'name: Kept\n',
      'squads/s.yaml': 'name: S\nmembers:\n  - assistant: a\n',
    });
    await record(dir, 'assistants', 'kept', kept.id);
    await record(dir, 'assistants', 'a', '11111111-1111-4111-8111-111111111111');
    const state = await readState(dir, 'default');
    state.set('squads', 's', squad.id);
    await state.save();
    const result = await plan(dir);
    expect(summary(result)).toEqual(['create assistants/a', 'unchanged assistants/kept', 'update squads/s']);
    expect(result.items[2]?.changes).toEqual([
      { path: ['members', 0, 'assistant'], after: 'a' },
      { path: ['members', 0, 'assistantId'], before: '11111111-1111-4111-8111-111111111111' },
    ]);
  });

  it('a file scoped to another profile is neither planned nor an orphan', async () => {
    const vapi = sdk();
    const made = (await vapi.assistants.create({ name: 'Reception', firstMessage: 'Hello' } as never)) as {
      id: string;
    };
    const dir = await folder({ 'assistants/a.yaml': `profiles: [production]\n${ASSISTANT}` });
    await record(dir, 'assistants', 'a', made.id);
    const result = await plan(dir);
    expect(result.items).toEqual([]);
    expect(result.forgotten).toEqual([]);
  });

  it('changing the type of an existing tool is refused, at its line', async () => {
    const vapi = sdk();
    const tool = (await vapi.tools.create({ type: 'function', function: { name: 'book' } } as never)) as {
      id: string;
    };
    const dir = await folder({ 'tools/book.yaml': 'type: endCall\n' });
    await record(dir, 'tools', 'book', tool.id);
    expect(await problemsOf(dir)).toEqual([
      'tools/book.yaml:1: type: cannot change on an existing tool; give the file a new name to create a new one (apply --prune deletes the old)',
    ]);
  });

  it('the fingerprint changes with the files, the profile values and the account', async () => {
    const dir = await folder({ 'assistants/a.yaml': ASSISTANT });
    const first = await plan(dir);
    expect(first.fingerprint.files).toMatch(/^[0-9a-f]{64}$/);
    expect(first.fingerprint.account).toMatch(/^[0-9a-f]{64}$/);
    expect((await plan(dir)).fingerprint).toEqual(first.fingerprint);
    expect((await plan(dir, { valuesText: 'values: {}\n' })).fingerprint.files).not.toBe(
      first.fingerprint.files,
    );
    await writeFile(join(dir, 'assistants/a.yaml'), `${ASSISTANT}# a comment\n`);
    const edited = await plan(dir);
    expect(edited.fingerprint.files).not.toBe(first.fingerprint.files);
    expect(edited.fingerprint.account).toBe(first.fingerprint.account);
    await sdk().tools.create({ type: 'function', function: { name: 'x' } } as never);
    expect((await plan(dir)).fingerprint.account).not.toBe(first.fingerprint.account);
  });

  it('the account line names profile, org and base URL', async () => {
    expect(accountLine({ profile: 'staging', orgId: 'org-1', baseUrl: 'https://api.vapi.ai' })).toBe(
      'profile "staging", org org-1 at https://api.vapi.ai',
    );
    expect(accountLine({ profile: 'p', orgId: undefined, baseUrl: 'u' })).toBe(
      'profile "p", org (unknown) at u',
    );
  });
});

describe('loadFolder: every problem, with its line', { timeout: 60_000 }, () => {
  it('a list of names that is not one, and a name with no file', async () => {
    const dir = await folder({
      'assistants/a.yaml': `name: A\ntools: book\n${MODEL}`,
      'assistants/b.yaml': `name: B\ntools: [1]\n${MODEL}`,
      'assistants/c.yaml': `name: C\ntools: [nope]\n${MODEL}`,
      'squads/s.yaml': 'name: S\nmembers:\n  - assistant: ghost\n',
    });
    expect(await problemsOf(dir)).toEqual([
      'assistants/a.yaml:2: tools: must be a list of tool file names, e.g. [book-appointment]',
      'assistants/b.yaml:2: tools: must be a list of tool file names, e.g. [book-appointment]',
      'assistants/c.yaml:2: tools[0]: no tool file tools/nope.yaml',
      'squads/s.yaml:3: members[0].assistant: no assistant file assistants/ghost.yaml',
    ]);
  });

  it('a reference to a file scoped to other profiles is refused for this profile', async () => {
    const dir = await folder({
      'tools/book.yaml': `profiles: [production]\n${TOOL}`,
      'assistants/a.yaml': `name: A\ntools: [book]\n${MODEL}`,
    });
    expect(await problemsOf(dir)).toEqual([
      'assistants/a.yaml:2: tools[0]: tools/book.yaml is limited to profiles production; profile "default" does not manage it',
    ]);
    // The scoped file itself is not checked for this profile (its variables are another account's).
    await writeFile(
      join(dir, 'tools/book.yaml'),
      `profiles: [production]\n${TOOL}server:\n  url: \${HOOK}\n`,
    );
    await writeFile(join(dir, 'assistants/a.yaml'), 'name: A\n');
    expect(await problemsOf(dir)).toEqual([]);
    expect(await problemsOf(dir, { profile: 'production' })).toEqual([
      'tools/book.yaml:6: server.url: environment variable HOOK is not set (set it, or add it under values: in vapi/profiles/x.yaml)',
    ]);
  });

  it('credentials: an id is refused, a name needs an id in the profile', async () => {
    const number = (id: string) =>
      `provider: byo-phone-number\nnumber: "+14155550100"\ncredentialId: ${id}\n`;
    const dir = await folder({
      'phone-numbers/a.yaml': number('6f1c2b9e-1a2b-4c3d-8e9f-0a1b2c3d4e5f'),
      'phone-numbers/b.yaml': number('Twilio_Main'),
      'phone-numbers/c.yaml': number('twilio-main'),
      'phone-numbers/d.yaml': number('${CRED}'),
    });
    const problems = await problemsOf(dir, { env: { CRED: 'x' } });
    expect(problems).toEqual([
      'phone-numbers/a.yaml:3: credentialId: "6f1c2b9e-1a2b-4c3d-8e9f-0a1b2c3d4e5f" is a credential id, which belongs to one account; write the credential\'s name (e.g. twilio-main) and map it to each account\'s id under credentials: in vapi/profiles/x.yaml',
      'phone-numbers/b.yaml:3: credentialId: "Twilio_Main" is a credential id, which belongs to one account; write the credential\'s name (e.g. twilio-main) and map it to each account\'s id under credentials: in vapi/profiles/x.yaml',
      'phone-numbers/c.yaml:3: credentialId: credential "twilio-main" has no id for profile "default": add `twilio-main: <credential id>` under credentials: in vapi/profiles/x.yaml',
    ]);
    const mapped = await problemsOf(dir, {
      env: { CRED: 'x' },
      credentials: { 'twilio-main': '6f1c2b9e-1a2b-4c3d-8e9f-0a1b2c3d4e5f' },
    });
    expect(mapped.filter((p) => p.includes('c.yaml'))).toEqual([]);
  });

  it('an unset variable: a hint for plain fields, none for a secret', async () => {
    const dir = await folder({
      'tools/book.yaml': `${TOOL}server:\n  url: \${HOOK_URL}\n  headers:\n    Authorization: \${HOOK_SECRET}\n`,
    });
    expect(await problemsOf(dir)).toEqual([
      'tools/book.yaml:5: server.url: environment variable HOOK_URL is not set (set it, or add it under values: in vapi/profiles/x.yaml)',
      'tools/book.yaml:7: server.headers.Authorization: environment variable HOOK_SECRET is not set',
    ]);
    expect(
      await problemsOf(dir, { env: { HOOK_URL: 'https://example.com/hook', HOOK_SECRET: 's' } }),
    ).toEqual([]);
  });

  it('schema problems at their line; a server-owned field is named as such', async () => {
    const dir = await folder({
      'assistants/a.yaml': 'name: A\nfristMessage: Hi\n',
      'assistants/b.yaml': 'name: B\nid: 6f1c2b9e-1a2b-4c3d-8e9f-0a1b2c3d4e5f\n',
      'tools/t.yaml': 'type: function\nfunction:\n  name: 5\n',
    });
    const problems = await problemsOf(dir);
    expect(problems).toContain(
      'assistants/a.yaml:2: fristMessage: is not a field of this resource (did you mean firstMessage?)',
    );
    expect(problems).toContain('assistants/b.yaml:2: id: is set by the server; remove it from the file');
    expect(problems).toContain('tools/t.yaml:3: function.name: must be string');
  });

  it('without a profile: the messages name the values file generically, and give no hint', async () => {
    const dir = await folder({
      'phone-numbers/c.yaml':
        'provider: byo-phone-number\nnumber: "+14155550100"\ncredentialId: twilio-main\n',
      'tools/book.yaml': `${TOOL}server:\n  url: \${HOOK_URL}\n`,
    });
    let problems: string[] = [];
    try {
      await loadFolder(dir, {});
    } catch (error) {
      problems = (error as FolderProblems).problems.map((p) => `${p.line}: ${p.field}: ${p.message}`);
    }
    expect(problems).toEqual([
      '5: server.url: environment variable HOOK_URL is not set',
      '3: credentialId: credential "twilio-main" has no id for profile "default": add `twilio-main: <credential id>` under credentials: in profiles/<profile>.yaml',
    ]);
  });

  it('a set variable and a mapped credential pass; a placeholder credential is not a name', async () => {
    const dir = await folder({
      'phone-numbers/c.yaml': 'provider: byo-phone-number\nnumber: "+14155550100"\ncredentialId: ${CRED}\n',
    });
    expect(await problemsOf(dir, { env: { CRED: 'abc' } })).toEqual([]);
    expect(await problemsOf(dir)).toEqual([
      'phone-numbers/c.yaml:3: credentialId: environment variable CRED is not set (set it, or add it under values: in vapi/profiles/x.yaml)',
    ]);
  });

  it('a well-formed folder loads, with every file', async () => {
    const dir = await folder({
      'tools/book.yaml': TOOL,
      'assistants/a.yaml': `name: A\ntools: [book]\n${MODEL}`,
    });
    const files = await loadFolder(dir, {});
    expect(files.map((file) => `${file.kind}/${file.name}`)).toEqual(['tools/book', 'assistants/a']);
  });
});

describe('sameContent and secretForDiff', { timeout: 60_000 }, () => {
  it('sameContent compares without the held keys', async () => {
    const dir = await folder({ 'assistants/a.yaml': ASSISTANT });
    const [file] = await loadFolder(dir, {});
    const state = await readState(dir, 'default');
    const record = { id: 'x', name: 'Reception', firstMessage: 'Hello' };
    expect(sameContent('assistants', record, file!, state, {})).toBe(true);
    expect(sameContent('assistants', { ...record, firstMessage: 'Hi' }, file!, state, {})).toBe(false);
    // A held key (sent later by a link step) is left out of the comparison.
    const without = { id: 'x', name: 'Reception' };
    expect(sameContent('assistants', without, file!, state, {})).toBe(false);
    expect(sameContent('assistants', without, file!, state, {}, ['firstMessage'])).toBe(true);
  });

  it('secretForDiff shows the placeholder only when the value matches, never the value', async () => {
    const dir = await folder({
      'tools/book.yaml': `${TOOL}server:\n  url: https://x\n  headers:\n    Authorization: \${S}\n`,
    });
    const [file] = await loadFolder(dir, { S: 'abc' });
    const secret = secretForDiff(file, { S: 'abc' });
    expect(secret(['server', 'headers', 'Authorization'], 'abc')).toBe('${S}');
    expect(secret(['server', 'headers', 'Authorization'], 'other')).toBe('(a different secret)');
    expect(secret(['server', 'url'], 'https://x')).toBe('https://x');
    expect(secret(['server', 'url'], 'https://y')).toBe('(a different secret)');
    expect(secret(['server', 'missing'], 'abc')).toBe('(a secret)');
    expect(secretForDiff(undefined, {})(['server', 'secret'], 'abc')).toBe('(a secret)');
  });
});
