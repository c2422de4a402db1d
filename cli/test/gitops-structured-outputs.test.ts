// Structured outputs: references both ways, the link step, schemaOverride.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sdk, server, snapshot, voxdesk, work, writes, useGitopsFixture } from './gitops-fixture.ts';

useGitopsFixture();

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
    // The server's default `type` comes first; the rest is the file as written.
    expect(files['structured-outputs/call-outcome.yaml']).toBe(`type: ai\n${OUTCOME}`);
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
    // A refusal (updates ride out 429s and 5xx through the SDK's retries; a 4xx is final).
    server.failNext(1, { status: 422, method: 'PATCH', path: /^\/structured-output\// });
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
        `${outcome}:2: schemaa: is not a field of this resource (did you mean schema?)`,
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
