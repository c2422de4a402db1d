// voxdesk eval run: evals as code against the fake's eval runs, progress, JUnit, exit codes.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyExample, server, voxdesk } from './gitops-fixture.ts';

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
    // Transient runs against the ids of this profile's state.
    const posts = server.state.requests.filter(
      (request) => request.method === 'POST' && request.path === '/eval/run',
    );
    const state = JSON.parse(await readFile(join(dir, '.voxdesk-state.json'), 'utf8')).profiles.default;
    expect(JSON.parse(posts[0]!.body).target).toEqual({
      type: 'assistant',
      assistantId: state.assistants.receptionist,
    });
    expect(JSON.parse(posts[1]!.body).target).toEqual({ type: 'squad', squadId: state.squads['front-desk'] });

    const one = await voxdesk(['eval', 'run', 'greeting', '--dir', dir, '--interval', '0.01']);
    expect(one.code).toBe(0);
    expect(one.stderr).toContain('All 1 evals passed');
  });

  it('an eval whose target is not applied in this profile is an error, not a pass', async () => {
    const dir = await withEvals({ greeting: GREETING });
    const run = await voxdesk(['--profile', 'staging', 'eval', 'run', '--dir', dir, '--interval', '0.01']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      '✗ evals/greeting: error: assistants/receptionist has no id for profile "staging"; apply it first',
    );
  });

  it('refuses an eval file without a target or messages, with its line; nothing is run', async () => {
    const dir = await withEvals({ broken: 'name: Broken\nmessages: []\n' });
    const run = await voxdesk(['eval', 'run', '--dir', dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('broken.yaml:1: target: must name the file it runs against');
    expect(run.stderr).toContain('broken.yaml:2: messages: must be the mock conversation');
    expect(server.state.requests.filter((request) => request.path.startsWith('/eval'))).toEqual([]);
  });
});
