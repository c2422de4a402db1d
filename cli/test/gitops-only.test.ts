// diff/apply --only (like -target), and a squad destination naming a renamed assistant.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTargets } from '../src/gitops/target.ts';
import { copyExample, server, voxdesk, writes, useGitopsFixture } from './gitops-fixture.ts';

useGitopsFixture();

async function edit(path: string, from: string | RegExp, to: string): Promise<void> {
  const text = await readFile(path, 'utf8');
  const next = text.replace(from, to);
  expect(next).not.toBe(text);
  await writeFile(path, next);
}

describe('--only', { timeout: 60_000 }, () => {
  it('reads kind/name, a path, or a whole kind', () => {
    expect(parseTargets('assistants/receptionist, vapi/tools/book-appointment.yaml,squads')).toEqual([
      { kind: 'assistants', name: 'receptionist' },
      { kind: 'tools', name: 'book-appointment' },
      { kind: 'squads' },
    ]);
    expect(parseTargets('assistants/tools')).toEqual([{ kind: 'assistants', name: 'tools' }]);
    expect(() => parseTargets('assistant/receptionist')).toThrow('is not <kind>/<file name> or a kind');
  });

  it('limits the plan and the apply to the files named; the rest stays for the next apply', async () => {
    const dir = await copyExample();
    expect((await voxdesk(['apply', '--dir', dir, '--yes'])).code).toBe(0);
    await edit(join(dir, 'assistants/nurse-line.yaml'), 'model: gpt-4o', 'model: gpt-4o-mini');
    await edit(
      join(dir, 'assistants/receptionist.yaml'),
      /^firstMessage: .*$/m,
      'firstMessage: Hello there.',
    );

    const diff = await voxdesk(['diff', '--dir', dir, '--only', 'assistants/nurse-line']);
    expect(diff.code).toBe(3);
    expect(diff.stdout).toContain('assistants/nurse-line.yaml');
    expect(diff.stdout).not.toContain('assistants/receptionist.yaml');
    expect(diff.stdout).toContain('# Plan: 0 to create, 1 to update, 0 to delete');

    server.state.requests.length = 0;
    const applied = await voxdesk([
      'apply',
      '--dir',
      dir,
      '--yes',
      '--only',
      `${dir}/assistants/nurse-line.yaml`,
    ]);
    expect(applied.code).toBe(0);
    expect(writes()).toHaveLength(1);
    expect(writes()[0]).toMatch(/^PATCH \/assistant\//);
    const rest = await voxdesk(['diff', '--dir', dir]);
    expect(rest.stdout).toContain('# Plan: 0 to create, 1 to update, 0 to delete');
    expect(rest.stdout).toContain('assistants/receptionist.yaml');
  });

  it('refuses a file that does not exist, and a selection that needs an unselected create', async () => {
    const dir = await copyExample();
    const missing = await voxdesk(['diff', '--dir', dir, '--only', 'assistants/recepsionist']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--only: no file assistants/recepsionist in the folder');
    const needs = await voxdesk(['apply', '--dir', dir, '--yes', '--only', 'assistants/nurse-line']);
    expect(needs.code).toBe(2);
    expect(needs.stderr).toContain(
      '--only: assistants/nurse-line names structured-outputs/call-outcome, which is not created yet; add it to --only',
    );
    expect(writes()).toEqual([]);
  });

  it('a saved plan keeps its --only: applying it applies only that part', async () => {
    const dir = await copyExample();
    const out = join(dir, '..', 'plan.json');
    expect((await voxdesk(['diff', '--dir', dir, '--only', 'tools', '--out', out])).code).toBe(3);
    expect((await voxdesk(['apply', out])).code).toBe(0);
    expect(writes()).toEqual(['POST /tool']);
  });
});

describe('a squad naming a renamed assistant', { timeout: 60_000 }, () => {
  it('is flagged with its line, and nothing is sent', async () => {
    const dir = await copyExample();
    expect((await voxdesk(['apply', '--dir', dir, '--yes'])).code).toBe(0);
    await edit(join(dir, 'assistants/nurse-line.yaml'), 'name: Nurse line', 'name: Triage nurse');
    server.state.requests.length = 0;
    const diff = await voxdesk(['apply', '--dir', dir, '--yes']);
    expect(diff.code).toBe(1);
    expect(diff.stderr).toContain(
      'front-desk.yaml:7: members[0].assistantDestinations[0].assistantName: names assistant "Nurse line", which this plan renames to "Triage nurse" (assistants/nurse-line); write the new name',
    );
    expect(writes()).toEqual([]);
    await edit(
      join(dir, 'squads/front-desk.yaml'),
      'assistantName: Nurse line',
      'assistantName: Triage nurse',
    );
    expect((await voxdesk(['apply', '--dir', dir, '--yes'])).code).toBe(0);
  });
});
