// voxdesk pull and diff against an account: stable files, renames, changes made in the account.
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Vapi } from '@voxdesk/sdk';
import { DEFAULT_ORG_ID, startFakeVapiServer } from '@voxdesk/vapi-mock';
import { harness } from './harness.ts';
import {
  copyExample,
  sdk,
  seedClinic,
  server,
  snapshot,
  TOKEN,
  voxdesk,
  work,
  writes,
  useGitopsFixture,
} from './gitops-fixture.ts';

useGitopsFixture();

describe('pull → edit → diff → apply → pull', () => {
  it('writes stable files, diffs exactly the edited field, patches only it, and pulls back to no change', async () => {
    const seeded = await seedClinic();
    const dir = join(work, 'vapi');
    const pulled = await voxdesk(['pull', '--dir', dir]);
    expect(pulled.code).toBe(0);
    expect(pulled.stderr).toContain(
      'Pulled 1 tools, 0 structured-outputs, 1 assistants, 1 squads, 1 phone-numbers, 0 evals, 0 test-suites',
    );
    expect(writes()).toEqual([]);
    const files = await snapshot(dir);
    expect(Object.keys(files).sort()).toEqual([
      '.voxdesk-state.json',
      'assistants/reception.md',
      'phone-numbers/main-line.yaml',
      'squads/front-desk.yaml',
      'tools/book-appointment.yaml',
    ]);
    // No server-owned fields; references by file name; keys in the schema's order.
    expect(files['assistants/reception.md']).toBe(
      [
        '---',
        'model:',
        '  provider: openai',
        '  model: gpt-4o',
        'tools:',
        '  - book-appointment',
        'firstMessage: Hello, Harbour Street Clinic.',
        'name: Reception',
        '---',
        'You are the receptionist.',
        'Be brief.',
        '',
      ].join('\n'),
    );
    expect(files['squads/front-desk.yaml']).toBe('name: Front desk\nmembers:\n  - assistant: reception\n');
    expect(files['phone-numbers/main-line.yaml']).toBe(
      'provider: vapi\nname: Main line\nassistant: reception\n',
    );
    const { account, baselines, ...ids } = JSON.parse(files['.voxdesk-state.json']!).profiles.default;
    expect(ids).toEqual({
      tools: { 'book-appointment': seeded.tool.id },
      structuredOutputs: {},
      assistants: { reception: seeded.assistant.id },
      squads: { 'front-desk': seeded.squad.id },
      phoneNumbers: { 'main-line': seeded.number.id },
      evals: {},
      testSuites: {},
    });
    // The account the ids belong to, and each file's content as pulled (the baseline).
    expect(account).toEqual({ orgId: DEFAULT_ORG_ID, baseUrl: server.url });
    expect(baselines.squads).toEqual({
      'front-desk': { name: 'Front desk', members: [{ assistant: 'reception' }] },
    });
    expect(Object.keys(baselines.assistants)).toEqual(['reception']);

    // A second pull with no remote change writes nothing.
    const again = await voxdesk(['pull', '--dir', dir]);
    expect(again.stderr).toContain('(0 written, 4 unchanged, 0 removed)');
    expect(await snapshot(dir)).toEqual(files);

    // Edit the prompt, and add a comment that must survive the round trip.
    const path = join(dir, 'assistants/reception.md');
    const edited = files['assistants/reception.md']!.replace('Be brief.', 'Be brief and kind.').replace(
      'name: Reception',
      '# shown in the dashboard\nname: Reception',
    );
    await writeFile(path, edited);
    const diff = await voxdesk(['diff', '--dir', dir]);
    expect(diff.code).toBe(3);
    expect(diff.stdout).toBe(
      [
        `# profile "default", org ${DEFAULT_ORG_ID} at ${server.url}`,
        `--- assistants/reception.md (account, ${seeded.assistant.id})`,
        '+++ assistants/reception.md (update)',
        '@@ model.messages[0].content @@',
        ' You are the receptionist.',
        '-Be brief.',
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
        file: 'assistants/reception.md',
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
      'assistants/reception.md',
      'tools/book-appointment.yaml',
    ]);
    expect(await readFile(join(dir, 'assistants/reception.md'), 'utf8')).toContain(
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
    const assistant = join(dir, 'assistants/reception.md');
    await writeFile(
      assistant,
      (await readFile(assistant, 'utf8')).replace('- book-appointment', '- book-visit'),
    );

    const diff = await voxdesk(['diff', '--dir', dir]);
    expect(diff.code).toBe(3);
    expect(diff.stdout).toBe(
      [
        `# profile "default", org ${DEFAULT_ORG_ID} at ${server.url}`,
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
    const assistant = join(dir, 'assistants/reception.md');
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
      `${join(dir, 'assistants/reception.md')}:6: tools[0]: no tool file tools/book-appointment.yaml\n` +
        'voxdesk: 1 problem in the files; nothing was sent\n',
    );
    expect(server.state.requests).toEqual([]);
  });
});

describe('pull after changes in the account', () => {
  it('rewrites only what changed, keeping comments and the key order of the file', async () => {
    const seeded = await seedClinic();
    const dir = join(work, 'vapi');
    await voxdesk(['pull', '--dir', dir]);
    const path = join(dir, 'assistants/reception.md');
    const mine = (await readFile(path, 'utf8'))
      .replace('name: Reception', '# the dashboard shows this\nname: Reception')
      .replace(
        'firstMessage: Hello, Harbour Street Clinic.',
        'firstMessage: Hello, Harbour Street Clinic. # greeting',
      );
    // The file's own order: name first (in the Markdown file's front matter).
    const reordered = `---\n# the dashboard shows this\nname: Reception\n${mine.replace('---\n', '').replace('# the dashboard shows this\nname: Reception\n', '')}`;
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
      'assistants/reception.md',
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
    const text = await readFile(join(dir, 'assistants/reception.md'), 'utf8');
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
    // Set in the dashboard, not in the file: drift, which the file wins only with --overwrite.
    record.maxDurationSeconds = 300;
    const diff = await voxdesk(['diff', '--dir', dir]);
    expect(diff.code).toBe(3);
    expect(diff.stdout).toContain('@@ maxDurationSeconds @@ changed outside voxdesk\n-300\n# Plan');
    server.state.requests.length = 0;
    expect((await voxdesk(['apply', '--dir', dir, '--yes'])).code).toBe(1);
    expect(writes()).toEqual([]);
    expect((await voxdesk(['apply', '--dir', dir, '--yes', '--overwrite'])).code).toBe(0);
    expect(JSON.parse(server.state.requests.find((request) => request.method === 'PATCH')!.body)).toEqual({
      maxDurationSeconds: null,
    });
    expect(server.state.assistants.get(seeded.assistant.id)).not.toHaveProperty('maxDurationSeconds');
    expect((await voxdesk(['diff', '--dir', dir])).code).toBe(0);
  });
});

describe('an account that fights back', () => {
  it(
    'pulls every resource when hundreds share one millisecond, through the SDK pager',
    { timeout: 60_000 },
    async () => {
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
    },
  );

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
