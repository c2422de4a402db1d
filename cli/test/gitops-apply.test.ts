// voxdesk apply: dependency order, profiles, an interrupted run, --prune.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFakeVapiServer } from '@voxdesk/vapi-mock';
import { harness } from './harness.ts';
import { copyExample, sdk, server, TOKEN, voxdesk, writes, useGitopsFixture } from './gitops-fixture.ts';

useGitopsFixture();

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

describe('a state id the account no longer has', { timeout: 60_000 }, () => {
  it('recreates the resource and points the files naming it at the new one, in one apply', async () => {
    const dir = await copyExample();
    expect((await voxdesk(['apply', '--dir', dir, '--yes'])).code).toBe(0);
    const before = JSON.parse(await readFile(join(dir, '.voxdesk-state.json'), 'utf8')).profiles.default;
    await sdk().assistants.delete(before.assistants['nurse-line']);

    const diff = await voxdesk(['diff', '--dir', dir]);
    expect(diff.code).toBe(3);
    expect(diff.stdout).toContain('# Plan: 1 to create, 2 to update, 0 to delete; 3 unchanged.');
    expect(diff.stdout).not.toContain('changed outside voxdesk');
    expect((await voxdesk(['apply', '--dir', dir, '--yes'])).code).toBe(0);

    const after = JSON.parse(await readFile(join(dir, '.voxdesk-state.json'), 'utf8')).profiles.default;
    const nurse = after.assistants['nurse-line'];
    expect(nurse).not.toBe(before.assistants['nurse-line']);
    const squad = await sdk().squads.get(after.squads['front-desk']);
    expect(squad.members?.map((member) => member.assistantId)).toEqual([
      after.assistants.receptionist,
      nurse,
    ]);
    const outcome = await sdk().structuredOutputs.get(after.structuredOutputs['call-outcome']);
    expect(outcome.assistantIds).toEqual([after.assistants.receptionist, nurse]);
    expect((await voxdesk(['diff', '--dir', dir])).code).toBe(0);
  });
});
