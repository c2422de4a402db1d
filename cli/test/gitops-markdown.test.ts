// Markdown assistants: front matter + the system prompt as the body; convert; line diffs;
// lists compared by key.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffValues } from '../src/gitops/convert.ts';
import { readFolder, syncedFileText } from '../src/gitops/files.ts';
import {
  copyExample,
  sdk,
  seedClinic,
  server,
  voxdesk,
  work,
  writes,
  useGitopsFixture,
} from './gitops-fixture.ts';

useGitopsFixture();

const PROMPT = 'You are the receptionist.\n\nBe brief.  \nNever give medical advice.\n';

describe('Markdown assistants', { timeout: 60_000 }, () => {
  it('pull writes a new assistant with a system prompt as Markdown; it round-trips byte for byte', async () => {
    await seedClinic();
    const dir = join(work, 'vapi');
    expect((await voxdesk(['pull', '--dir', dir])).code).toBe(0);
    expect(await readdir(join(dir, 'assistants'))).toEqual(['reception.md']);
    const path = join(dir, 'assistants/reception.md');
    const text = await readFile(path, 'utf8');
    expect(text).toMatch(
      /^---\nmodel:\n {2}provider: openai\n {2}model: gpt-4o\ntools:\n {2}- book-appointment\n/,
    );
    expect(text).not.toContain('role: system');
    expect(text.endsWith('---\nYou are the receptionist.\nBe brief.\n')).toBe(true);

    const again = await voxdesk(['pull', '--dir', dir]);
    expect(again.stderr).toContain('(0 written, 4 unchanged, 0 removed)');
    expect(await readFile(path, 'utf8')).toBe(text);
    expect((await voxdesk(['diff', '--dir', dir])).code).toBe(0);
  });

  it('reads and writes a hand-made file (comments, blank lines, trailing spaces) byte-identically', async () => {
    const dir = await copyExample();
    const text = [
      '---',
      '# The front desk.',
      'name: Receptionist',
      'model:',
      '  provider: openai',
      '  model: gpt-4o  # fast enough',
      '---',
      PROMPT,
    ].join('\n');
    await rm(join(dir, 'assistants/receptionist.yaml'));
    await writeFile(join(dir, 'assistants/receptionist.md'), text);
    const { files, problems } = await readFolder(dir, ['assistants']);
    expect(problems).toEqual([]);
    const file = files.find((entry) => entry.name === 'receptionist')!;
    expect(file.value.model).toEqual({
      provider: 'openai',
      model: 'gpt-4o',
      messages: [{ role: 'system', content: `${PROMPT}` }],
    });
    expect(syncedFileText(file, file.value)).toBe(text);
  });

  it('a prompt edit is one changed line in the diff, and apply sends the whole prompt', async () => {
    await seedClinic();
    const dir = join(work, 'vapi');
    await voxdesk(['pull', '--dir', dir]);
    const path = join(dir, 'assistants/reception.md');
    await writeFile(path, (await readFile(path, 'utf8')).replace('Be brief.', 'Be brief and kind.'));
    const diff = await voxdesk(['diff', '--dir', dir]);
    expect(diff.code).toBe(3);
    expect(diff.stdout).toContain('+++ assistants/reception.md (update)');
    expect(diff.stdout).toContain(
      '@@ model.messages[0].content @@\n You are the receptionist.\n-Be brief.\n+Be brief and kind.\n',
    );
    server.state.requests.length = 0;
    expect((await voxdesk(['apply', '--dir', dir, '--yes'])).code).toBe(0);
    const patch = JSON.parse(server.state.requests.find((request) => request.method === 'PATCH')!.body);
    expect(patch.model.messages).toEqual([
      { role: 'system', content: 'You are the receptionist.\nBe brief and kind.\n' },
    ]);
    expect((await voxdesk(['diff', '--dir', dir])).code).toBe(0);
  });

  it('an existing .yaml stays .yaml on pull; convert turns it into Markdown without a change to apply', async () => {
    const dir = await copyExample();
    expect((await voxdesk(['apply', '--dir', dir, '--yes'])).code).toBe(0);
    await voxdesk(['pull', '--dir', dir]);
    expect(await readdir(join(dir, 'assistants'))).toEqual(['nurse-line.yaml', 'receptionist.yaml']);

    const converted = await voxdesk(['convert', '--dir', dir, 'receptionist']);
    expect(converted.code).toBe(0);
    expect(converted.stderr).toContain('converted');
    expect(await readdir(join(dir, 'assistants'))).toEqual(['nurse-line.yaml', 'receptionist.md']);
    const text = await readFile(join(dir, 'assistants/receptionist.md'), 'utf8');
    expect(text).toContain('# Answers every call first');
    expect(text).toContain('---\nYou are the receptionist of Harbour Street Clinic in Sydney.\n');
    server.state.requests.length = 0;
    expect((await voxdesk(['diff', '--dir', dir])).code).toBe(0);
    expect(writes()).toEqual([]);
  });

  it('reports a missing front matter, a system prompt in it, two forms of one file, and front matter lines', async () => {
    const dir = await copyExample();
    await writeFile(join(dir, 'assistants/nurse-line.md'), '---\nname: Nurse\n---\nHello\n');
    await writeFile(join(dir, 'assistants/plain.md'), 'Just a prompt\n');
    await writeFile(
      join(dir, 'assistants/double.md'),
      '---\nmodel:\n  provider: openai\n  model: gpt-4o\n  messages:\n    - role: system\n      content: hi\n---\nBody\n',
    );
    await writeFile(join(dir, 'assistants/typo.md'), '---\nname: Typo\nfristMessage: Hi\n---\nBody\n');
    const diff = await voxdesk(['diff', '--dir', dir]);
    expect(diff.code).toBe(1);
    expect(diff.stderr).toContain(
      'nurse-line.yaml: nurse-line.yaml is the same resource; keep one of the two files',
    );
    expect(diff.stderr).toContain(
      'plain.md:1: a Markdown assistant starts with its settings as YAML front matter',
    );
    expect(diff.stderr).toContain(
      'double.md:1: model.messages: the system prompt is the body of a Markdown assistant',
    );
    expect(diff.stderr).toContain(
      'typo.md:3: fristMessage: is not a field of this resource (did you mean firstMessage?)',
    );
  });
});

describe('lists with names or ids', { timeout: 60_000 }, () => {
  it('are compared by key: an insertion is one addition, a new order one change', () => {
    const a = { name: 'a', schema: { type: 'string' } };
    const b = { name: 'b', schema: { type: 'string' } };
    const c = { name: 'c', schema: { type: 'number' } };
    const before = { artifactPlan: { structuredOutputs: [a, b] } };
    expect(diffValues('assistants', before, { artifactPlan: { structuredOutputs: [c, a, b] } })).toEqual([
      { path: ['artifactPlan', 'structuredOutputs', 0], after: c },
    ]);
    expect(diffValues('assistants', before, { artifactPlan: { structuredOutputs: [b, a] } })).toEqual([
      { path: ['artifactPlan', 'structuredOutputs', '(order)'], before: ['a', 'b'], after: ['b', 'a'] },
    ]);
    const changed = { ...b, schema: { type: 'number' } };
    expect(diffValues('assistants', before, { artifactPlan: { structuredOutputs: [a, changed] } })).toEqual([
      { path: ['artifactPlan', 'structuredOutputs', 1, 'schema', 'type'], before: 'string', after: 'number' },
    ]);
  });
});

void sdk;
