// Evals as a stored kind (pull, diff, apply), and voxdesk eval run: the stored evals against
// the fake's eval runs, progress, JUnit, exit codes.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyExample, sdk, server, voxdesk, writes, useGitopsFixture } from './gitops-fixture.ts';

useGitopsFixture();

const GREETING = [
  'name: Greets callers',
  'target: assistants/receptionist',
  'messages:',
  '  - role: user',
  '    content: Hi',
  '  - role: assistant',
  '    judgePlan:',
  '      type: exact',
  '      content: Good morning, Harbour Street Clinic, how can I help?',
  '',
].join('\n');

async function withEvals(files: Record<string, string>): Promise<string> {
  const dir = await copyExample();
  await mkdir(join(dir, 'evals'));
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, 'evals', `${name}.yaml`), text);
  return dir;
}

describe('voxdesk eval run', { timeout: 60_000 }, () => {
  it('runs every eval against the applied profile, shows progress, writes JUnit, exits 1 on a failure', async () => {
    const dir = await withEvals({
      greeting: GREETING,
      'nurse-greeting': GREETING.replace('assistants/receptionist', 'squads/front-desk')
        .replace('content: Good morning, Harbour Street Clinic, how can I help?', 'content: ^Good evening')
        .replace('type: exact', 'type: regex'),
    });
    expect((await voxdesk(['apply', '--dir', dir, '--yes'])).code).toBe(0);
    const junit = join(dir, '..', 'evals.xml');
    const run = await voxdesk(['eval', 'run', '--dir', dir, '--junit', junit, '--interval', '0.01']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Running 2 evals against profile "default"');
    expect(run.stderr).toMatch(
      /… evals\/greeting: running \(eval run [0-9a-f-]{36}\)\n✓ evals\/greeting: pass/,
    );
    expect(run.stderr).toContain(
      '✗ evals/nurse-greeting: fail: the assistant answered "Good morning, Harbour Street Clinic, how can I help?"',
    );
    expect(run.stderr).toContain('voxdesk: 1 of 2 evals did not pass');
    const xml = await readFile(junit, 'utf8');
    expect(xml).toContain('<testsuites tests="2" failures="1" errors="0"');
    expect(xml).toMatch(
      /<testcase classname="evals" name="greeting" file="[^"]+greeting.yaml" time="[\d.]+"\/>/,
    );
    expect(xml).toContain('<failure message="the assistant answered &quot;Good morning');
    // The stored evals run, against the ids of this profile's state.
    const posts = server.state.requests.filter(
      (request) => request.method === 'POST' && request.path === '/eval/run',
    );
    const state = JSON.parse(await readFile(join(dir, '.voxdesk-state.json'), 'utf8')).profiles.default;
    expect(JSON.parse(posts[0]!.body)).toEqual({
      type: 'eval',
      evalId: state.evals.greeting,
      target: { type: 'assistant', assistantId: state.assistants.receptionist },
    });
    expect(JSON.parse(posts[1]!.body)).toEqual({
      type: 'eval',
      evalId: state.evals['nurse-greeting'],
      target: { type: 'squad', squadId: state.squads['front-desk'] },
    });

    const one = await voxdesk(['eval', 'run', 'greeting', '--dir', dir, '--interval', '0.01']);
    expect(one.code).toBe(0);
    expect(one.stderr).toContain('All 1 evals passed');
  });

  it('an eval not applied in this profile is an error, not a pass', async () => {
    const dir = await withEvals({ greeting: GREETING });
    const run = await voxdesk(['--profile', 'staging', 'eval', 'run', '--dir', dir, '--interval', '0.01']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      '✗ evals/greeting: error: evals/greeting has no id for profile "staging"; apply it first',
    );
    expect(server.state.requests.filter((request) => request.path.startsWith('/eval'))).toEqual([]);
  });

  it('an eval edited since the apply is an error: the stored one is what would run', async () => {
    const dir = await withEvals({ greeting: GREETING });
    expect((await voxdesk(['apply', '--dir', dir, '--yes'])).code).toBe(0);
    await writeFile(join(dir, 'evals', 'greeting.yaml'), GREETING.replace('content: Hi', 'content: Hello'));
    const run = await voxdesk(['eval', 'run', '--dir', dir, '--interval', '0.01']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('✗ evals/greeting: error: edited since the last apply to profile "default"');
    expect(server.state.requests.filter((request) => request.path === '/eval/run')).toEqual([]);
  });

  it('refuses an eval file with a bad target, with its line; nothing is run', async () => {
    const dir = await withEvals({ broken: 'name: Broken\ntarget: receptionist\nmessages: []\n' });
    const run = await voxdesk(['eval', 'run', '--dir', dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('broken.yaml:2: target: must name the file it runs against');
    expect(server.state.requests.filter((request) => request.path.startsWith('/eval'))).toEqual([]);
  });

  it('an eval without a target is stored by apply, and eval run says it cannot run it', async () => {
    const dir = await withEvals({ greeting: GREETING.replace('target: assistants/receptionist\n', '') });
    expect((await voxdesk(['apply', '--dir', dir, '--yes'])).code).toBe(0);
    const run = await voxdesk(['eval', 'run', '--dir', dir, '--interval', '0.01']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('✗ evals/greeting: error: names no target; add target: assistants/<file>');
  });
});

describe('evals and test suites as stored kinds', { timeout: 60_000 }, () => {
  const SUITE = ['name: Booking calls', 'targetPlan:', '  assistant: receptionist', ''].join('\n');

  it('apply creates them (test suite naming its assistant by file name); diff then settles', async () => {
    const dir = await withEvals({ greeting: GREETING });
    await mkdir(join(dir, 'test-suites'));
    await writeFile(join(dir, 'test-suites', 'booking-calls.yaml'), SUITE);
    const applied = await voxdesk(['apply', '--dir', dir, '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stderr).toMatch(/✓ evals\/greeting: created/);
    expect(applied.stderr).toMatch(/✓ test-suites\/booking-calls: created/);
    const state = JSON.parse(await readFile(join(dir, '.voxdesk-state.json'), 'utf8')).profiles.default;
    const vapi = sdk();
    const stored = (await vapi.evals.get(state.evals.greeting)) as Record<string, unknown>;
    // `target` is the file's own: it is not sent; the type defaults to a mock conversation.
    expect(stored).not.toHaveProperty('target');
    expect(stored).toMatchObject({ name: 'Greets callers', type: 'chat.mockConversation' });
    const suite = (await vapi.testSuites.get(state.testSuites['booking-calls'])) as Record<string, unknown>;
    expect(suite.targetPlan).toEqual({ assistantId: state.assistants.receptionist });
    const diff = await voxdesk(['diff', '--dir', dir]);
    expect(diff.code, diff.stdout).toBe(0);
  });

  it('diff shows an edited eval field by field; apply sends the update', async () => {
    const dir = await withEvals({ greeting: GREETING });
    expect((await voxdesk(['apply', '--dir', dir, '--yes'])).code).toBe(0);
    await writeFile(join(dir, 'evals', 'greeting.yaml'), GREETING.replace('content: Hi', 'content: Hello'));
    const diff = await voxdesk(['diff', '--dir', dir]);
    expect(diff.code).toBe(3);
    expect(diff.stdout).toContain('evals/greeting');
    expect(diff.stdout).toContain('messages[0].content');
    server.state.requests.length = 0;
    expect((await voxdesk(['apply', '--dir', dir, '--yes'])).code).toBe(0);
    expect(writes()).toEqual([expect.stringMatching(/^PATCH \/eval\/[0-9a-f-]{36}$/)]);
  });

  it("pull writes the account's evals and test suites, and keeps an eval file's target", async () => {
    const dir = await withEvals({ greeting: GREETING });
    expect((await voxdesk(['apply', '--dir', dir, '--yes'])).code).toBe(0);
    const vapi = sdk();
    const state = JSON.parse(await readFile(join(dir, '.voxdesk-state.json'), 'utf8')).profiles.default;
    await vapi.evals.update(state.evals.greeting, { name: 'Greets every caller' } as never);
    await vapi.testSuites.create({
      name: 'Nurse line checks',
      targetPlan: { assistantId: state.assistants['nurse-line'] },
    } as never);
    const pulled = await voxdesk(['pull', '--dir', dir]);
    expect(pulled.code, pulled.stderr).toBe(0);
    const text = await readFile(join(dir, 'evals', 'greeting.yaml'), 'utf8');
    expect(text).toContain('name: Greets every caller');
    expect(text).toContain('target: assistants/receptionist');
    expect(await readFile(join(dir, 'test-suites', 'nurse-line-checks.yaml'), 'utf8')).toBe(
      'name: Nurse line checks\ntargetPlan:\n  assistant: nurse-line\n',
    );
    expect((await voxdesk(['diff', '--dir', dir])).code).toBe(0);
  });

  it('a test suite naming a file that does not exist is refused with its line', async () => {
    const dir = await copyExample();
    await mkdir(join(dir, 'test-suites'));
    await writeFile(join(dir, 'test-suites', 'x.yaml'), SUITE.replace('receptionist', 'recepshunist'));
    const diff = await voxdesk(['diff', '--dir', dir]);
    expect(diff.code).toBe(1);
    expect(diff.stderr).toMatch(/x\.yaml:3: targetPlan\.assistant: .*recepshunist/);
  });

  it('the fake refuses an eval body as Vapi does, and answers 404 for an unknown id', async () => {
    const vapi = sdk();
    await expect(vapi.evals.create({ name: 'x', type: 'chat.other' } as never)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('messages should not be empty'),
    });
    await expect(vapi.evals.get('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      status: 404,
    });
  });
});
