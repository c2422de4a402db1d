// voxdesk rollback: the last apply's changes undone through the same plan and confirmation.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyExample, sdk, server, voxdesk, writes, useGitopsFixture } from './gitops-fixture.ts';

useGitopsFixture();

const stateOf = async (dir: string) =>
  JSON.parse(await readFile(join(dir, '.voxdesk-state.json'), 'utf8')).profiles.default;

describe('voxdesk rollback', { timeout: 60_000 }, () => {
  it('restores what the last apply changed, deletes what it created, makes again what it deleted', async () => {
    const dir = await copyExample();
    expect((await voxdesk(['apply', '--dir', dir, '--yes'])).code).toBe(0);
    const first = await stateOf(dir);
    const nurse = join(dir, 'assistants/nurse-line.yaml');
    await writeFile(
      nurse,
      (await readFile(nurse, 'utf8')).replace(/^firstMessage: .*$/m, 'firstMessage: Changed.'),
    );
    await writeFile(join(dir, 'tools/hang-up.yaml'), 'type: endCall\n');
    await rm(join(dir, 'phone-numbers/main-line.yaml'));
    expect((await voxdesk(['apply', '--dir', dir, '--yes', '--prune'])).code).toBe(0);
    const second = await stateOf(dir);
    expect((await sdk().assistants.get(first.assistants['nurse-line'])).firstMessage).toBe('Changed.');

    // The same confirmation as apply: without a terminal and --yes, nothing is sent.
    server.state.requests.length = 0;
    const refused = await voxdesk(['rollback', '--dir', dir]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Rolling back the apply of 20');
    expect(refused.stderr).toContain('assistants/nurse-line (changed: restored)');
    expect(refused.stdout).toContain('# Plan: 1 to create, 1 to update, 1 to delete; 0 unchanged.');
    expect(writes()).toEqual([]);

    const rolled = await voxdesk(['rollback', '--dir', dir, '--yes']);
    expect(rolled.code).toBe(0);
    expect(writes()).toEqual([
      `PATCH /assistant/${first.assistants['nurse-line']}`,
      'POST /phone-number',
      `DELETE /tool/${second.tools['hang-up']}`,
    ]);
    expect((await sdk().assistants.get(first.assistants['nurse-line'])).firstMessage).toBe(
      "Hi, you're speaking with the clinic's nurse line. What symptoms are you having?",
    );
    expect(server.state.phoneNumbers.size).toBe(1);
    expect(server.state.collections.get('/tool')?.has(second.tools['hang-up'])).toBe(false);
    // The files still hold the rolled-back changes: the next diff shows them again.
    const diff = await voxdesk(['diff', '--dir', dir, '--prune']);
    expect(diff.stdout).toContain('# Plan: 1 to create, 1 to update, 1 to delete');
  });

  it('with no apply recorded for the profile, says so and sends nothing', async () => {
    const dir = await copyExample();
    const none = await voxdesk(['rollback', '--dir', dir, '--yes']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no apply to roll back for profile "default"');
    expect(writes()).toEqual([]);
  });
});
