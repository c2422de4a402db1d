import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Vapi } from '@voxdesk/sdk';
import { startFakeVapiServer, type FakeVapiServer } from '@voxdesk/vapi-mock';
import { harness } from './harness.ts';

// The fake Vapi on a real loopback port; the CLI runs in-process with the real fetch.
const TOKEN = 'sk-test-gitops';
const EXAMPLE = new URL('../../examples/assistants-as-code/', import.meta.url).pathname;
let server: FakeVapiServer;
let work: string;

beforeAll(async () => {
  server = await startFakeVapiServer({ token: TOKEN });
  // The first check of a run compiles the ajv validators (about 1 s, several on a loaded
  // machine): pay it here, under the hook's timeout, not inside the first test's 5 s.
  await voxdesk(['diff', '--dir', EXAMPLE]);
}, 60_000);
afterAll(() => server.close());
beforeEach(async () => {
  server.reset();
  work = await mkdtemp(join(tmpdir(), 'voxdesk-gitops-'));
});
afterEach(() => rm(work, { recursive: true, force: true }));

const env = (extra: Record<string, string> = {}) => ({
  VAPI_TOKEN: TOKEN,
  VAPI_BASE_URL: server.url,
  NO_COLOR: '1',
  ...extra,
});

async function voxdesk(
  args: string[],
  options: { env?: Record<string, string>; tty?: boolean; stdin?: string } = {},
) {
  const cli = harness({
    env: env(options.env),
    tty: options.tty ?? false,
    ...(options.stdin ? { stdin: options.stdin } : {}),
  });
  const code = await cli.run(...args);
  return { code, stdout: cli.stdout.text, stderr: cli.stderr.text };
}

const sdk = () => new Vapi({ token: TOKEN, baseUrl: server.url, retry: 0 });
const writes = () =>
  server.state.requests
    .filter((request) => request.method !== 'GET')
    .map((request) => `${request.method} ${request.path}`);

/** Every file of a folder with its text, for "nothing changed" checks. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out[path.slice(dir.length + 1)] = await readFile(path, 'utf8');
  }
  return out;
}

async function copyExample(): Promise<string> {
  const dir = join(work, 'vapi');
  await cp(EXAMPLE, dir, { recursive: true });
  return dir;
}

describe('the clinic example (examples/assistants-as-code)', () => {
  it('applies in dependency order, references become ids, and a second apply is a no-op', async () => {
    const dir = await copyExample();
    const diff = await voxdesk(['diff', '--dir', dir]);
    expect(diff.stderr).toBe('');
    expect(diff.code).toBe(3);
    expect(diff.stdout).toContain('# Plan: 6 to create, 0 to update, 0 to delete; 0 unchanged.');

    const applied = await voxdesk(['apply', '--dir', dir, '--yes']);
    expect(applied.stderr).toContain('Applied 6 changes');
    expect(applied.code).toBe(0);
    const state = JSON.parse(await readFile(join(dir, '.voxdesk-state.json'), 'utf8'));
    const ids = state.profiles.default;
    const outcomeId = ids.structuredOutputs['call-outcome'];
    // The structured output first, without its assistants (they do not exist yet); the
    // assistants naming it; then the link back, once the assistants have ids.
    expect(writes()).toEqual([
      'POST /tool',
      'POST /structured-output',
      'POST /assistant',
      'POST /assistant',
      'POST /squad',
      'POST /phone-number',
      `PATCH /structured-output/${outcomeId}`,
    ]);
    expect(applied.stderr).toContain('✓ structured-outputs/call-outcome: linked assistantIds\n');

    const vapi = sdk();
    const receptionist = await vapi.assistants.get(ids.assistants.receptionist);
    expect(receptionist.model?.toolIds).toEqual([ids.tools['book-appointment']]);
    expect(receptionist.artifactPlan?.structuredOutputIds).toEqual([outcomeId]);
    const outcome = await vapi.structuredOutputs.get(outcomeId);
    expect(outcome.assistantIds).toEqual([ids.assistants.receptionist, ids.assistants['nurse-line']]);
    const squad = await vapi.squads.get(ids.squads['front-desk']);
    expect(squad.members?.map((member) => member.assistantId)).toEqual([
      ids.assistants.receptionist,
      ids.assistants['nurse-line'],
    ]);
    const number = await vapi.phoneNumbers.get(ids.phoneNumbers['main-line']);
    expect(number).toMatchObject({ squadId: ids.squads['front-desk'], provider: 'vapi' });

    server.state.requests.length = 0;
    const again = await voxdesk(['apply', '--dir', dir, '--yes']);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('Nothing to apply');
    expect(writes()).toEqual([]);
    expect((await voxdesk(['diff', '--dir', dir])).code).toBe(0);
  });
});

/** An account as a dashboard leaves it: a tool, an assistant using it, a squad, a number. */
async function seedClinic() {
  const vapi = sdk();
  const tool = await vapi.tools.create({
    type: 'function',
    function: { name: 'book_appointment', description: 'Book a visit' },
  } as never);
  const assistant = await vapi.assistants.create({
    name: 'Reception',
    firstMessage: 'Hello, Harbour Street Clinic.',
    model: {
      provider: 'openai',
      model: 'gpt-4o',
      toolIds: [tool.id],
      messages: [{ role: 'system', content: 'You are the receptionist.\nBe brief.\n' }],
    },
  } as never);
  const squad = await vapi.squads.create({ name: 'Front desk', members: [{ assistantId: assistant.id }] });
  const number = await vapi.phoneNumbers.create({
    provider: 'vapi',
    name: 'Main line',
    assistantId: assistant.id,
  });
  server.state.requests.length = 0;
  return { tool, assistant, squad, number };
}

describe('pull → edit → diff → apply → pull', () => {
  it('writes stable files, diffs exactly the edited field, patches only it, and pulls back to no change', async () => {
    const seeded = await seedClinic();
    const dir = join(work, 'vapi');
    const pulled = await voxdesk(['pull', '--dir', dir]);
    expect(pulled.code).toBe(0);
    expect(pulled.stderr).toContain(
      'Pulled 1 tools, 0 structured-outputs, 1 assistants, 1 squads, 1 phone-numbers',
    );
    expect(writes()).toEqual([]);
    const files = await snapshot(dir);
    expect(Object.keys(files).sort()).toEqual([
      '.voxdesk-state.json',
      'assistants/reception.yaml',
      'phone-numbers/main-line.yaml',
      'squads/front-desk.yaml',
      'tools/book-appointment.yaml',
    ]);
    // No server-owned fields; references by file name; keys in the schema's order.
    expect(files['assistants/reception.yaml']).toBe(
      [
        'model:',
        '  messages:',
        '    - content: |',
        '        You are the receptionist.',
        '        Be brief.',
        '      role: system',
        '  provider: openai',
        '  model: gpt-4o',
        'tools:',
        '  - book-appointment',
        'firstMessage: Hello, Harbour Street Clinic.',
        'name: Reception',
        '',
      ].join('\n'),
    );
    expect(files['squads/front-desk.yaml']).toBe('name: Front desk\nmembers:\n  - assistant: reception\n');
    expect(files['phone-numbers/main-line.yaml']).toBe(
      'provider: vapi\nname: Main line\nassistant: reception\n',
    );
    expect(JSON.parse(files['.voxdesk-state.json']!).profiles.default).toEqual({
      tools: { 'book-appointment': seeded.tool.id },
      structuredOutputs: {},
      assistants: { reception: seeded.assistant.id },
      squads: { 'front-desk': seeded.squad.id },
      phoneNumbers: { 'main-line': seeded.number.id },
    });

    // A second pull with no remote change writes nothing.
    const again = await voxdesk(['pull', '--dir', dir]);
    expect(again.stderr).toContain('(0 written, 4 unchanged, 0 removed)');
    expect(await snapshot(dir)).toEqual(files);

    // Edit the prompt, and add a comment that must survive the round trip.
    const path = join(dir, 'assistants/reception.yaml');
    const edited = files['assistants/reception.yaml']!.replace('Be brief.', 'Be brief and kind.').replace(
      'name: Reception',
      '# shown in the dashboard\nname: Reception',
    );
    await writeFile(path, edited);
    const diff = await voxdesk(['diff', '--dir', dir]);
    expect(diff.code).toBe(3);
    expect(diff.stdout).toBe(
      [
        `--- assistants/reception.yaml (account, ${seeded.assistant.id})`,
        '+++ assistants/reception.yaml (update)',
        '@@ model.messages[0].content @@',
        '-You are the receptionist.',
        '-Be brief.',
        '+You are the receptionist.',
        '+Be brief and kind.',
        '# Plan: 0 to create, 1 to update, 0 to delete; 3 unchanged.',
        '',
      ].join('\n'),
    );
    const json = await voxdesk(['diff', '--dir', dir, '--json']);
    expect(json.code).toBe(3);
    const plan = JSON.parse(json.stdout);
    expect(plan.changes).toBe(1);
    expect(plan.resources.filter((item: { action: string }) => item.action !== 'unchanged')).toEqual([
      {
        kind: 'assistants',
        file: 'assistants/reception.yaml',
        action: 'update',
        id: seeded.assistant.id,
        fields: [
          {
            path: 'model.messages[0].content',
            before: 'You are the receptionist.\nBe brief.\n',
            after: 'You are the receptionist.\nBe brief and kind.\n',
          },
        ],
      },
    ]);

    const applied = await voxdesk(['apply', '--dir', dir, '--yes']);
    expect(applied.code).toBe(0);
    expect(writes()).toEqual([`PATCH /assistant/${seeded.assistant.id}`]);
    const body = JSON.parse(server.state.requests.find((request) => request.method === 'PATCH')!.body);
    expect(Object.keys(body)).toEqual(['model']);
    expect(body.model.toolIds).toEqual([seeded.tool.id]);
    expect(body.model.messages[0].content).toBe('You are the receptionist.\nBe brief and kind.\n');

    const after = await voxdesk(['pull', '--dir', dir]);
    expect(after.stderr).toContain('(0 written, 4 unchanged, 0 removed)');
    expect(await readFile(path, 'utf8')).toBe(edited);
    expect((await voxdesk(['diff', '--dir', dir])).code).toBe(0);
  });

  it('--only pulls just those kinds; references to kinds not pulled use the state file', async () => {
    await seedClinic();
    const dir = join(work, 'vapi');
    expect((await voxdesk(['pull', '--dir', dir, '--only', 'tools'])).code).toBe(0);
    expect((await voxdesk(['pull', '--dir', dir, '--only', 'assistants'])).code).toBe(0);
    expect(Object.keys(await snapshot(dir)).sort()).toEqual([
      '.voxdesk-state.json',
      'assistants/reception.yaml',
      'tools/book-appointment.yaml',
    ]);
    expect(await readFile(join(dir, 'assistants/reception.yaml'), 'utf8')).toContain(
      'tools:\n  - book-appointment\n',
    );
    const bad = await voxdesk(['pull', '--dir', dir, '--only', 'assistant,knobs']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      '--only: unknown kind "assistant"; use tools, structured-outputs, assistants, squads, phone-numbers',
    );
  });
});

describe('renaming a tool file', () => {
  it('with the same content is a rename: the state follows, references resolve to the same id, nothing is sent', async () => {
    const seeded = await seedClinic();
    const dir = join(work, 'vapi');
    await voxdesk(['pull', '--dir', dir]);
    await rename(join(dir, 'tools/book-appointment.yaml'), join(dir, 'tools/book-visit.yaml'));
    const assistant = join(dir, 'assistants/reception.yaml');
    await writeFile(
      assistant,
      (await readFile(assistant, 'utf8')).replace('- book-appointment', '- book-visit'),
    );

    const diff = await voxdesk(['diff', '--dir', dir]);
    expect(diff.code).toBe(3);
    expect(diff.stdout).toBe(
      [
        '--- tools/book-appointment.yaml',
        `+++ tools/book-visit.yaml (rename, ${seeded.tool.id})`,
        '# Plan: 0 to create, 0 to update, 0 to delete, 1 to rename; 3 unchanged.',
        '',
      ].join('\n'),
    );
    expect((await voxdesk(['apply', '--dir', dir, '--yes'])).code).toBe(0);
    expect(writes()).toEqual([]);
    const state = JSON.parse(await readFile(join(dir, '.voxdesk-state.json'), 'utf8'));
    expect(state.profiles.default.tools).toEqual({ 'book-visit': seeded.tool.id });
    expect((await voxdesk(['diff', '--dir', dir])).code).toBe(0);
  });

  it('with new content creates the tool and points the assistant at it; --prune removes the old one', async () => {
    const seeded = await seedClinic();
    const dir = join(work, 'vapi');
    await voxdesk(['pull', '--dir', dir]);
    const old = join(dir, 'tools/book-appointment.yaml');
    await writeFile(
      join(dir, 'tools/book-visit.yaml'),
      (await readFile(old, 'utf8')).replace('Book a visit', 'Book a visit with a GP'),
    );
    await rm(old);
    const assistant = join(dir, 'assistants/reception.yaml');
    await writeFile(
      assistant,
      (await readFile(assistant, 'utf8')).replace('- book-appointment', '- book-visit'),
    );

    const diff = await voxdesk(['diff', '--dir', dir, '--prune']);
    expect(diff.stdout).toContain('+++ tools/book-visit.yaml (create)');
    expect(diff.stdout).toContain(`--- tools/book-appointment.yaml (delete, ${seeded.tool.id})`);
    expect(diff.stdout).toContain('@@ tools[0] @@\n-"book-appointment"\n+"book-visit"\n');

    expect((await voxdesk(['apply', '--dir', dir, '--yes', '--prune'])).code).toBe(0);
    const ids = JSON.parse(await readFile(join(dir, '.voxdesk-state.json'), 'utf8')).profiles.default;
    expect(writes()).toEqual([
      'POST /tool',
      `PATCH /assistant/${seeded.assistant.id}`,
      `DELETE /tool/${seeded.tool.id}`,
    ]);
    expect((await sdk().assistants.get(seeded.assistant.id)).model?.toolIds).toEqual([
      ids.tools['book-visit'],
    ]);
    expect(ids.tools).toEqual({ 'book-visit': expect.any(String) });
    expect((await voxdesk(['diff', '--dir', dir, '--prune'])).code).toBe(0);
  });

  it('without updating a reference fails, naming the file, line and missing file', async () => {
    await seedClinic();
    const dir = join(work, 'vapi');
    await voxdesk(['pull', '--dir', dir]);
    await rename(join(dir, 'tools/book-appointment.yaml'), join(dir, 'tools/book-visit.yaml'));
    server.state.requests.length = 0;
    const diff = await voxdesk(['diff', '--dir', dir]);
    expect(diff.code).toBe(1);
    expect(diff.stderr).toBe(
      `${join(dir, 'assistants/reception.yaml')}:10: tools[0]: no tool file tools/book-appointment.yaml\n` +
        'voxdesk: 1 problem in the files; nothing was sent\n',
    );
    expect(server.state.requests).toEqual([]);
  });
});

describe('one folder, two environments', () => {
  it('keeps ids per profile in the state file, so staging and production each get their own resources', async () => {
    const production = await startFakeVapiServer({ token: TOKEN });
    try {
      const dir = await copyExample();
      expect((await voxdesk(['--profile', 'staging', 'apply', '--dir', dir, '--yes'])).code).toBe(0);
      const prod = harness({ env: { VAPI_TOKEN: TOKEN, VAPI_BASE_URL: production.url, NO_COLOR: '1' } });
      expect(await prod.run('--profile', 'production', 'diff', '--dir', dir)).toBe(3);
      expect(prod.stdout.text).toContain('# Plan: 6 to create');
      expect(await prod.run('--profile', 'production', 'apply', '--dir', dir, '--yes')).toBe(0);
      const state = JSON.parse(await readFile(join(dir, '.voxdesk-state.json'), 'utf8'));
      expect(Object.keys(state.profiles)).toEqual(['production', 'staging']);
      const [staging, prodIds] = [state.profiles.staging, state.profiles.production];
      expect(server.state.assistants.has(staging.assistants.receptionist)).toBe(true);
      expect(production.state.assistants.has(prodIds.assistants.receptionist)).toBe(true);
      expect(prodIds.assistants.receptionist).not.toBe(staging.assistants.receptionist);
      expect((await voxdesk(['--profile', 'staging', 'diff', '--dir', dir])).code).toBe(0);
    } finally {
      await production.close();
    }
  });
});

describe('an interrupted apply', () => {
  it('stops at the failed change, says what was done and not, and resumes without duplicates', async () => {
    const dir = await copyExample();
    // The fourth write fails (a 500 on a POST is not retried: it may have been applied).
    server.failNext(1, { status: 500, method: 'POST', after: 3 });
    const first = await voxdesk(['apply', '--dir', dir, '--yes']);
    expect(first.code).toBe(1);
    expect(first.stderr).toContain('✓ tools/book-appointment: created');
    expect(first.stderr).toContain('✓ structured-outputs/call-outcome: created');
    expect(first.stderr).toContain('✓ assistants/nurse-line: created');
    expect(first.stderr).toContain('✗ assistants/receptionist: create failed\n');
    expect(first.stderr).toContain(
      'Done 3 of 7: tools/book-appointment, structured-outputs/call-outcome, assistants/nurse-line.\n',
    );
    expect(first.stderr).toContain(
      'Not done: assistants/receptionist (create), squads/front-desk (create), phone-numbers/main-line (create), ' +
        'structured-outputs/call-outcome (link: assistants).\n',
    );
    expect(first.stderr).toContain('voxdesk: POST /assistant failed: 500');

    const plan = await voxdesk(['diff', '--dir', dir]);
    expect(plan.stdout).toContain('# Plan: 3 to create, 1 to update, 0 to delete; 2 unchanged.');
    server.state.requests.length = 0;
    const second = await voxdesk(['apply', '--dir', dir, '--yes']);
    expect(second.code).toBe(0);
    const outcomeId = [...server.state.collections.get('/structured-output')!.keys()][0];
    expect(writes()).toEqual([
      'POST /assistant',
      'POST /squad',
      'POST /phone-number',
      `PATCH /structured-output/${outcomeId}`,
    ]);
    expect(server.state.collections.get('/tool')?.size).toBe(1);
    expect(server.state.collections.get('/structured-output')?.size).toBe(1);
    expect(server.state.assistants.size).toBe(2);
    expect(server.state.collections.get('/squad')?.size).toBe(1);
    expect(server.state.phoneNumbers.size).toBe(1);
    expect((await voxdesk(['diff', '--dir', dir])).code).toBe(0);
  });
});

describe('apply --prune', () => {
  it('deletes only what the folder no longer has, phone numbers before squads; without --prune nothing', async () => {
    const dir = await copyExample();
    await voxdesk(['apply', '--dir', dir, '--yes']);
    const ids = JSON.parse(await readFile(join(dir, '.voxdesk-state.json'), 'utf8')).profiles.default;
    // A resource someone made in the dashboard: not in the state file, never pruned.
    const outsider = await sdk().assistants.create({ name: 'Made in the dashboard' });
    await rm(join(dir, 'phone-numbers/main-line.yaml'));
    await rm(join(dir, 'squads/front-desk.yaml'));
    server.state.requests.length = 0;

    const kept = await voxdesk(['apply', '--dir', dir, '--yes']);
    expect(kept.code).toBe(0);
    expect(kept.stdout).toContain('# squads/front-desk.yaml: no file; kept (apply --prune deletes');
    expect(kept.stderr).toContain('Nothing to apply');
    expect((await voxdesk(['diff', '--dir', dir])).code).toBe(0);
    expect((await voxdesk(['diff', '--dir', dir, '--prune'])).code).toBe(3);
    expect(writes()).toEqual([]);

    const pruned = await voxdesk(['apply', '--dir', dir, '--yes', '--prune']);
    expect(pruned.code).toBe(0);
    expect(writes()).toEqual([
      `DELETE /phone-number/${ids.phoneNumbers['main-line']}`,
      `DELETE /squad/${ids.squads['front-desk']}`,
    ]);
    expect(server.state.assistants.has(outsider.id)).toBe(true);
    expect(server.state.assistants.size).toBe(3);
    expect(server.state.collections.get('/tool')?.size).toBe(1);
    const state = JSON.parse(await readFile(join(dir, '.voxdesk-state.json'), 'utf8')).profiles.default;
    expect(state.squads).toEqual({});
    expect(state.phoneNumbers).toEqual({});
    expect((await voxdesk(['apply', '--dir', dir, '--yes', '--prune'])).stderr).toContain('Nothing to apply');
  });
});

describe('problems in the files', () => {
  it('a missing folder is a usage error that says how to start', async () => {
    const result = await voxdesk(['diff', '--dir', join(work, 'nowhere')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`no folder ${join(work, 'nowhere')}: run \`voxdesk pull --dir`);
    expect(server.state.requests).toEqual([]);
  });

  it('a state file entry that is not a file name is refused before any file is written', async () => {
    const dir = await copyExample();
    await writeFile(
      join(dir, '.voxdesk-state.json'),
      JSON.stringify({ version: 1, profiles: { default: { tools: { '../../escape': 'x' } } } }),
    );
    const result = await voxdesk(['pull', '--dir', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('tools: "../../escape" is not a file name');
  });

  it('a YAML error names the file and line; nothing is sent', async () => {
    const dir = await copyExample();
    await writeFile(
      join(dir, 'tools/book-appointment.yaml'),
      'type: function\nfunction:\n  name: book\n   description: x\n',
    );
    const result = await voxdesk(['diff', '--dir', dir]);
    expect(result.code).toBe(1);
    // The parser stops at line 3 (a mapping cannot start after `name: book` on the next line).
    expect(result.stderr).toBe(
      `${join(dir, 'tools/book-appointment.yaml')}:3: invalid YAML: Nested mappings are not allowed in compact mappings\n` +
        `${join(dir, 'tools/book-appointment.yaml')}:3: invalid YAML: Implicit keys need to be on a single line\n` +
        'voxdesk: 2 problems in the files; nothing was sent\n',
    );
    expect(server.state.requests).toEqual([]);
  });

  it('schema problems name file, field and line, every one at once', async () => {
    const dir = await copyExample();
    const path = join(dir, 'assistants/nurse-line.yaml');
    await writeFile(
      path,
      (await readFile(path, 'utf8'))
        .replace('firstMessage:', 'fristMessage:')
        .replace('model: gpt-4o', 'model: gpt-4o\n  temperature: warm')
        .replace('provider: vapi', 'provider: nobody'),
    );
    const result = await voxdesk(['apply', '--dir', dir, '--yes']);
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n').filter(Boolean)).toEqual([
      `${path}:2: fristMessage: is not a field of this resource (check the spelling)`,
      `${path}:6: model.temperature: must be number`,
      expect.stringMatching(new RegExp(`^${path}:14: voice.provider: must be one of: .*\\bvapi\\b`)),
      'voxdesk: 3 problems in the files; nothing was sent',
    ]);
    expect(server.state.requests).toEqual([]);
  });
});

describe('secrets', () => {
  const seedTwilio = () =>
    sdk().phoneNumbers.create({
      provider: 'twilio',
      name: 'Sydney line',
      number: '+61291234567',
      twilioAccountSid: 'AC0123456789',
      twilioAuthToken: 'tok-live-123',
    } as never);

  it('are pulled as ${ENV} placeholders and resolved from the environment when planning', async () => {
    const number = await seedTwilio();
    const dir = join(work, 'vapi');
    const pulled = await voxdesk(['pull', '--dir', dir]);
    expect(pulled.stderr).toContain('set these before apply: SYDNEY_LINE_TWILIO_AUTH_TOKEN');
    const path = join(dir, 'phone-numbers/sydney-line.yaml');
    const text = await readFile(path, 'utf8');
    expect(text).toContain('twilioAuthToken: ${SYDNEY_LINE_TWILIO_AUTH_TOKEN}\n');
    expect(text).not.toContain('tok-live-123');

    server.state.requests.length = 0;
    const missing = await voxdesk(['diff', '--dir', dir]);
    expect(missing.code).toBe(1);
    const line = text.split('\n').findIndex((entry) => entry.startsWith('twilioAuthToken')) + 1;
    expect(missing.stderr).toContain(
      `${path}:${line}: twilioAuthToken: environment variable SYDNEY_LINE_TWILIO_AUTH_TOKEN is not set\n`,
    );
    expect(server.state.requests).toEqual([]);

    const same = await voxdesk(['diff', '--dir', dir], {
      env: { SYDNEY_LINE_TWILIO_AUTH_TOKEN: 'tok-live-123' },
    });
    expect(same.code).toBe(0);

    const rotated = { SYDNEY_LINE_TWILIO_AUTH_TOKEN: 'tok-live-456' };
    const diff = await voxdesk(['diff', '--dir', dir], { env: rotated });
    expect(diff.code).toBe(3);
    expect(diff.stdout).toContain(
      '@@ twilioAuthToken @@\n-"(a different secret)"\n+"${SYDNEY_LINE_TWILIO_AUTH_TOKEN}"\n',
    );
    expect(diff.stdout).not.toMatch(/tok-live/);
    expect((await voxdesk(['apply', '--dir', dir, '--yes'], { env: rotated })).code).toBe(0);
    const patch = server.state.requests.find((request) => request.method === 'PATCH')!;
    expect(patch.path).toBe(`/phone-number/${number.id}`);
    expect(JSON.parse(patch.body)).toEqual({ twilioAuthToken: 'tok-live-456' });
    expect((await voxdesk(['diff', '--dir', dir], { env: rotated })).code).toBe(0);
  });
});

describe('on a terminal', () => {
  async function editedClinic() {
    await seedClinic();
    const dir = join(work, 'vapi');
    await voxdesk(['pull', '--dir', dir]);
    const path = join(dir, 'assistants/reception.yaml');
    await writeFile(path, (await readFile(path, 'utf8')).replace('Hello, Harbour', 'Good morning, Harbour'));
    server.state.requests.length = 0;
    return dir;
  }

  it('diff is coloured and indented, field by field', async () => {
    const dir = await editedClinic();
    const cli = harness({ env: { VAPI_TOKEN: TOKEN, VAPI_BASE_URL: server.url }, tty: true });
    expect(await cli.run('diff', '--dir', dir)).toBe(3);
    expect(cli.stdout.text).toBe(
      [
        '  \u001b[33m~\u001b[39m \u001b[1massistants/reception\u001b[22m \u001b[2m(update)\u001b[22m',
        '      firstMessage:',
        '        \u001b[31m- "Hello, Harbour Street Clinic."\u001b[39m',
        '        \u001b[32m+ "Good morning, Harbour Street Clinic."\u001b[39m',
        '',
        'Plan: 0 to create, 1 to update, 0 to delete; 3 unchanged.',
        '',
      ].join('\n'),
    );
  });

  it('piped with CLICOLOR_FORCE (a CI log), the patch is coloured as git colours one', async () => {
    const dir = await editedClinic();
    const cli = harness({ env: { VAPI_TOKEN: TOKEN, VAPI_BASE_URL: server.url, CLICOLOR_FORCE: '1' } });
    expect(await cli.run('diff', '--dir', dir)).toBe(3);
    expect(cli.stdout.text).toContain(
      '\u001b[2m@@ firstMessage @@\u001b[22m\n\u001b[31m-"Hello, Harbour Street Clinic."\u001b[39m\n',
    );
  });

  it('apply asks first; no sends nothing (exit 2), yes applies', async () => {
    const dir = await editedClinic();
    const declined = await voxdesk(['apply', '--dir', dir], { tty: true, stdin: 'n\n' });
    expect(declined.stderr).toContain('? Apply 1 change to profile "default"? [y/N] ');
    expect(declined.code).toBe(2);
    expect(writes()).toEqual([]);
    const accepted = await voxdesk(['apply', '--dir', dir], { tty: true, stdin: 'y\n' });
    expect(accepted.code).toBe(0);
    expect(writes()).toHaveLength(1);
  });

  it('without a terminal, apply needs --yes (exit 2, nothing sent); --dry-run only prints the plan', async () => {
    const dir = await editedClinic();
    const refused = await voxdesk(['apply', '--dir', dir]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'apply would make 1 change: refusing without confirmation because this is not a terminal; pass --yes',
    );
    const dry = await voxdesk(['apply', '--dir', dir, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('@@ firstMessage @@');
    expect(writes()).toEqual([]);
  });
});

describe('pull after changes in the account', () => {
  it('rewrites only what changed, keeping comments and the key order of the file', async () => {
    const seeded = await seedClinic();
    const dir = join(work, 'vapi');
    await voxdesk(['pull', '--dir', dir]);
    const path = join(dir, 'assistants/reception.yaml');
    const mine = (await readFile(path, 'utf8'))
      .replace('name: Reception', '# the dashboard shows this\nname: Reception')
      .replace(
        'firstMessage: Hello, Harbour Street Clinic.',
        'firstMessage: Hello, Harbour Street Clinic. # greeting',
      );
    // The file's own order: name first.
    const reordered = `# the dashboard shows this\nname: Reception\n${mine.replace('# the dashboard shows this\nname: Reception\n', '')}`;
    await writeFile(path, reordered);
    await sdk().assistants.update(seeded.assistant.id, { firstMessage: 'Good evening.' } as never);
    expect((await voxdesk(['pull', '--dir', dir])).code).toBe(0);
    expect(await readFile(path, 'utf8')).toBe(
      reordered.replace(
        'firstMessage: Hello, Harbour Street Clinic. # greeting',
        'firstMessage: Good evening. # greeting',
      ),
    );
  });

  it('removes the file of a deleted resource and adds a new one, leaving files not yet applied alone', async () => {
    const seeded = await seedClinic();
    const dir = join(work, 'vapi');
    await voxdesk(['pull', '--dir', dir]);
    await writeFile(join(dir, 'tools/not-applied-yet.yaml'), 'type: endCall\n');
    await sdk().phoneNumbers.delete(seeded.number.id);
    await sdk().assistants.create({ name: 'After hours' });
    const pulled = await voxdesk(['pull', '--dir', dir]);
    expect(pulled.stderr).toContain('(1 written, 3 unchanged, 1 removed)');
    expect(Object.keys(await snapshot(dir)).sort()).toEqual([
      '.voxdesk-state.json',
      'assistants/after-hours.yaml',
      'assistants/reception.yaml',
      'squads/front-desk.yaml',
      'tools/book-appointment.yaml',
      'tools/not-applied-yet.yaml',
    ]);
  });
});

describe('fields only the account has', () => {
  it('are not written when the create schema does not take them (undocumented answers)', async () => {
    const seeded = await seedClinic();
    const record = server.state.assistants.get(seeded.assistant.id)!;
    record.isServerUrlSecretSet = false;
    record.lastDeployedBy = 'dashboard';
    const dir = join(work, 'vapi');
    await voxdesk(['pull', '--dir', dir]);
    const text = await readFile(join(dir, 'assistants/reception.yaml'), 'utf8');
    expect(text).not.toMatch(/isServerUrlSecretSet|lastDeployedBy|orgId|createdAt|updatedAt|\bid:/);
    expect((await voxdesk(['diff', '--dir', dir])).code).toBe(0);
  });

  it('are no change when they hold the schema default; otherwise removed from the file means unset (null)', async () => {
    const seeded = await seedClinic();
    const dir = join(work, 'vapi');
    await voxdesk(['pull', '--dir', dir]);
    const record = server.state.assistants.get(seeded.assistant.id)!;
    // What the server fills in by itself: the document's default.
    record.firstMessageInterruptionsEnabled = false;
    expect((await voxdesk(['diff', '--dir', dir])).code).toBe(0);
    // Set in the dashboard, not in the file: the file wins.
    record.maxDurationSeconds = 300;
    const diff = await voxdesk(['diff', '--dir', dir]);
    expect(diff.code).toBe(3);
    expect(diff.stdout).toContain('@@ maxDurationSeconds @@\n-300\n# Plan');
    server.state.requests.length = 0;
    expect((await voxdesk(['apply', '--dir', dir, '--yes'])).code).toBe(0);
    expect(JSON.parse(server.state.requests.find((request) => request.method === 'PATCH')!.body)).toEqual({
      maxDurationSeconds: null,
    });
    expect(server.state.assistants.get(seeded.assistant.id)).not.toHaveProperty('maxDurationSeconds');
    expect((await voxdesk(['diff', '--dir', dir])).code).toBe(0);
  });
});

describe('an account that fights back', () => {
  it('pulls every resource when hundreds share one millisecond, through the SDK pager', async () => {
    const burst = await startFakeVapiServer({ token: TOKEN, sameMillisecond: 250 });
    try {
      const vapi = new Vapi({ token: TOKEN, baseUrl: burst.url, retry: 0 });
      for (let i = 0; i < 240; i += 1)
        await vapi.tools.create({ type: 'function', function: { name: `tool_${i}` } } as never);
      const dir = join(work, 'vapi');
      const cli = harness({ env: { VAPI_TOKEN: TOKEN, VAPI_BASE_URL: burst.url, NO_COLOR: '1' } });
      expect(await cli.run('pull', '--dir', dir, '--only', 'tools')).toBe(0);
      expect(cli.stderr.text).toContain('Pulled 240 tools');
      expect(await readdir(join(dir, 'tools'))).toHaveLength(240);
    } finally {
      await burst.close();
    }
  });

  it('rides out a 429 with Retry-After while reading the account (GETs are retried)', async () => {
    const dir = await copyExample();
    await voxdesk(['apply', '--dir', dir, '--yes']);
    server.failNext(2, { status: 429, method: 'GET', headers: { 'retry-after': '0' } });
    const diff = await voxdesk(['diff', '--dir', dir]);
    // Each retry is announced on stderr (issue 14); nothing else is.
    expect(diff.stderr).toBe(
      'Rate limited by Vapi (429); retrying now (attempt 2 of 3)…\n' +
        'Rate limited by Vapi (429); retrying now (attempt 3 of 3)…\n',
    );
    expect(diff.code).toBe(0);
    expect(server.state.requests.filter((request) => request.method === 'GET').length).toBeGreaterThanOrEqual(
      6,
    );
  });
});

describe('structured outputs', () => {
  const OUTCOME = [
    'name: Call outcome',
    'schema:',
    '  type: object',
    '  properties:',
    '    booked:',
    '      type: boolean',
    'assistants:',
    '  - reception',
    '',
  ].join('\n');
  const RECEPTION = [
    'name: Reception',
    'firstMessage: Hello, Harbour Street Clinic.',
    'structuredOutputs:',
    '  - call-outcome',
    '',
  ].join('\n');

  async function folder(files: Record<string, string>): Promise<string> {
    const dir = join(work, 'vapi');
    for (const [name, text] of Object.entries(files)) {
      await mkdir(join(dir, name, '..'), { recursive: true });
      await writeFile(join(dir, name), text);
    }
    return dir;
  }
  const patches = () => server.state.requests.filter((request) => request.method === 'PATCH');
  const outcomes = () => server.state.collections.get('/structured-output') ?? new Map();

  it('pull writes the links both ways by file name; diff then shows no change; an edit sends schemaOverride', async () => {
    const vapi = sdk();
    const assistant = await vapi.assistants.create({ name: 'Reception' });
    const outcome = await vapi.structuredOutputs.create({
      name: 'Call outcome',
      schema: { type: 'object', properties: { booked: { type: 'boolean' } } },
      assistantIds: [assistant.id],
    });
    await vapi.assistants.update(assistant.id, { artifactPlan: { structuredOutputIds: [outcome.id] } });
    const dir = join(work, 'vapi');
    const pulled = await voxdesk(['pull', '--dir', dir]);
    expect(pulled.code).toBe(0);
    expect(pulled.stderr).toContain('1 structured-outputs, 1 assistants');
    const files = await snapshot(dir);
    expect(files['structured-outputs/call-outcome.yaml']).toBe(
      [
        'type: ai',
        'name: Call outcome',
        'schema:',
        '  type: object',
        '  properties:',
        '    booked:',
        '      type: boolean',
        'assistants:',
        '  - reception',
        '',
      ].join('\n'),
    );
    expect(files['assistants/reception.yaml']).toBe(
      'name: Reception\nstructuredOutputs:\n  - call-outcome\n',
    );
    expect(JSON.parse(files['.voxdesk-state.json']!).profiles.default.structuredOutputs).toEqual({
      'call-outcome': outcome.id,
    });
    expect((await voxdesk(['diff', '--dir', dir])).code).toBe(0);
    expect((await voxdesk(['pull', '--dir', dir])).stderr).toContain('(0 written, 2 unchanged, 0 removed)');

    // The schema is sent whole: schemaOverride=true replaces the stored one.
    const path = join(dir, 'structured-outputs/call-outcome.yaml');
    await writeFile(path, files['structured-outputs/call-outcome.yaml']!.replace('boolean', 'string'));
    server.state.requests.length = 0;
    expect((await voxdesk(['apply', '--dir', dir, '--yes'])).code).toBe(0);
    expect(patches().map((request) => `${request.path}${request.search}`)).toEqual([
      `/structured-output/${outcome.id}?schemaOverride=true`,
    ]);
    expect(JSON.parse(patches()[0]!.body)).toEqual({
      schema: { type: 'object', properties: { booked: { type: 'string' } } },
    });
    // Any other field: schemaOverride=false (the stored schema is not touched).
    await writeFile(path, (await readFile(path, 'utf8')).replace('name: Call outcome', 'name: Outcome'));
    server.state.requests.length = 0;
    expect((await voxdesk(['apply', '--dir', dir, '--yes'])).code).toBe(0);
    expect(patches().map((request) => `${request.path}${request.search}`)).toEqual([
      `/structured-output/${outcome.id}?schemaOverride=false`,
    ]);
    expect(JSON.parse(patches()[0]!.body)).toEqual({ name: 'Outcome' });
    expect((await voxdesk(['diff', '--dir', dir])).code).toBe(0);
  });

  it('an assistant and a structured output naming each other apply from empty (created, then linked back); a second apply is a no-op', async () => {
    const dir = await folder({
      'structured-outputs/call-outcome.yaml': OUTCOME,
      'assistants/reception.yaml': RECEPTION,
    });
    const applied = await voxdesk(['apply', '--dir', dir, '--yes']);
    expect(applied.stderr).toContain('Applied 2 changes');
    expect(applied.code).toBe(0);
    const ids = JSON.parse(await readFile(join(dir, '.voxdesk-state.json'), 'utf8')).profiles.default;
    const [outcomeId, assistantId] = [ids.structuredOutputs['call-outcome'], ids.assistants.reception];
    expect(writes()).toEqual([
      'POST /structured-output',
      'POST /assistant',
      `PATCH /structured-output/${outcomeId}`,
    ]);
    const created = server.state.requests.find(
      (request) => request.method === 'POST' && request.path === '/structured-output',
    )!;
    expect(JSON.parse(created.body)).not.toHaveProperty('assistantIds');
    expect(patches()[0]!.search).toBe('?schemaOverride=false');
    expect(JSON.parse(patches()[0]!.body)).toEqual({ assistantIds: [assistantId] });
    expect(server.state.assistants.get(assistantId)?.artifactPlan).toEqual({
      structuredOutputIds: [outcomeId],
    });
    expect(outcomes().get(outcomeId)?.assistantIds).toEqual([assistantId]);

    server.state.requests.length = 0;
    const again = await voxdesk(['apply', '--dir', dir, '--yes']);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('Nothing to apply');
    expect(writes()).toEqual([]);
  });

  it('a failure at the link-back step stops there; the next apply only links, creating nothing twice', async () => {
    const dir = await folder({
      'structured-outputs/call-outcome.yaml': OUTCOME,
      'assistants/reception.yaml': RECEPTION,
    });
    server.failNext(1, { status: 500, method: 'PATCH', path: /^\/structured-output\// });
    const first = await voxdesk(['apply', '--dir', dir, '--yes']);
    expect(first.code).toBe(1);
    expect(first.stderr).toContain('✗ structured-outputs/call-outcome: link failed\n');
    expect(first.stderr).toContain(
      'Done 2 of 3: structured-outputs/call-outcome, assistants/reception.\n' +
        'Not done: structured-outputs/call-outcome (link: assistants).\n',
    );
    const ids = JSON.parse(await readFile(join(dir, '.voxdesk-state.json'), 'utf8')).profiles.default;
    expect(Object.keys(ids.structuredOutputs)).toEqual(['call-outcome']);
    expect(Object.keys(ids.assistants)).toEqual(['reception']);

    const plan = await voxdesk(['diff', '--dir', dir]);
    expect(plan.code).toBe(3);
    expect(plan.stdout).toContain('# Plan: 0 to create, 1 to update, 0 to delete; 1 unchanged.');
    server.state.requests.length = 0;
    const second = await voxdesk(['apply', '--dir', dir, '--yes']);
    expect(second.code).toBe(0);
    expect(writes()).toEqual([`PATCH /structured-output/${ids.structuredOutputs['call-outcome']}`]);
    expect(outcomes().size).toBe(1);
    expect(server.state.assistants.size).toBe(1);
    expect(outcomes().get(ids.structuredOutputs['call-outcome'])?.assistantIds).toEqual([
      ids.assistants.reception,
    ]);
    expect((await voxdesk(['diff', '--dir', dir])).code).toBe(0);
  });

  it('--prune deletes both, the assistant before the structured output it names', async () => {
    const dir = await folder({
      'structured-outputs/call-outcome.yaml': OUTCOME,
      'assistants/reception.yaml': RECEPTION,
    });
    expect((await voxdesk(['apply', '--dir', dir, '--yes'])).code).toBe(0);
    const ids = JSON.parse(await readFile(join(dir, '.voxdesk-state.json'), 'utf8')).profiles.default;
    const outsider = await sdk().structuredOutputs.create({
      name: 'Made elsewhere',
      schema: { type: 'string' },
    });
    await rm(join(dir, 'structured-outputs/call-outcome.yaml'));
    await rm(join(dir, 'assistants/reception.yaml'));
    server.state.requests.length = 0;
    expect((await voxdesk(['apply', '--dir', dir, '--yes', '--prune'])).code).toBe(0);
    expect(writes()).toEqual([
      `DELETE /assistant/${ids.assistants.reception}`,
      `DELETE /structured-output/${ids.structuredOutputs['call-outcome']}`,
    ]);
    expect([...outcomes().keys()]).toEqual([outsider.id]);
    expect(server.state.assistants.size).toBe(0);
    const state = JSON.parse(await readFile(join(dir, '.voxdesk-state.json'), 'utf8')).profiles.default;
    expect(state.structuredOutputs).toEqual({});
    expect((await voxdesk(['diff', '--dir', dir, '--prune'])).code).toBe(0);
  });

  it('problems in a structured-output file name file, field and line; nothing is sent', async () => {
    const dir = await folder({
      'structured-outputs/call-outcome.yaml': OUTCOME.replace('type: object', 'type: objekt')
        .replace('name: Call outcome', 'name: Call outcome\nschemaa: {}')
        .replace('  - reception', '  - front-desk'),
      'assistants/reception.yaml': RECEPTION.replace('- call-outcome', '- call-outcom'),
    });
    const outcome = join(dir, 'structured-outputs/call-outcome.yaml');
    const reception = join(dir, 'assistants/reception.yaml');
    const result = await voxdesk(['diff', '--dir', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n').filter(Boolean).sort()).toEqual(
      [
        `${reception}:4: structuredOutputs[0]: no structured output file structured-outputs/call-outcom.yaml`,
        `${outcome}:2: schemaa: is not a field of this resource (check the spelling)`,
        `${outcome}:4: schema.type: must be one of: array, boolean, integer, number, object, string`,
        `${outcome}:9: assistants[0]: no assistant file assistants/front-desk.yaml`,
        'voxdesk: 4 problems in the files; nothing was sent',
      ].sort(),
    );
    expect(server.state.requests).toEqual([]);
    await writeFile(outcome, OUTCOME.replace('  - reception', '  reception: yes'));
    const shape = await voxdesk(['diff', '--dir', dir]);
    expect(shape.stderr).toBe(
      `${outcome}:7: assistants: must be a list of assistant file names, e.g. [receptionist]\n` +
        `${reception}:4: structuredOutputs[0]: no structured output file structured-outputs/call-outcom.yaml\n` +
        'voxdesk: 2 problems in the files; nothing was sent\n',
    );
  });
});
