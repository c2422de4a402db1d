// The PR gate of examples/github-actions/vapi.yml: its voxdesk steps run, as bash scripts,
// against the fake Vapi, in a checkout-like folder: plan on the pull request, apply exactly
// that plan on merge, then the evals.
import { execFile } from 'node:child_process';
import { chmod, cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Ajv, type ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EXAMPLE, server, TOKEN, work, writes, useGitopsFixture } from './gitops-fixture.ts';

useGitopsFixture();

const exec = promisify(execFile);
const WORKFLOW = new URL('../../examples/github-actions/vapi.yml', import.meta.url).pathname;
const EXAMPLES = new URL('../../examples/github-actions/', import.meta.url).pathname;
// SchemaStore's workflow schema, committed (tests download nothing): see vendor/README.md.
const SCHEMA = new URL('./vendor/github-workflow.json', import.meta.url).pathname;

/** The official workflow schema's complaints about a workflow's text ([] when it validates). */
async function workflowErrors(text: string): Promise<string[]> {
  const ajv = new Ajv({ strict: false, allErrors: true });
  const validate = ajv.compile(JSON.parse(await readFile(SCHEMA, 'utf8')));
  if (validate(parse(text))) return [];
  return (validate.errors ?? []).map(
    (error: ErrorObject) => `${error.instancePath || '/'} ${error.message ?? error.keyword}`,
  );
}
const BIN = new URL('../src/bin.ts', import.meta.url).pathname;

interface Step {
  name?: string;
  run?: string;
  uses?: string;
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, { if?: string; 'runs-on': string; steps: Step[] }>;
}

async function checkout(): Promise<{ repo: string; env: Record<string, string> }> {
  const repo = join(work, 'repo');
  await cp(EXAMPLE, join(repo, 'vapi'), { recursive: true });
  await mkdir(join(repo, 'vapi/evals'));
  await writeFile(
    join(repo, 'vapi/evals/greets-callers.yaml'),
    'name: Greets callers\ntarget: assistants/receptionist\nmessages:\n  - role: user\n    content: Hi\n' +
      '  - role: assistant\n    judgePlan:\n      type: exact\n      content: Good morning, Harbour Street Clinic, how can I help?\n',
  );
  // `voxdesk` on the PATH: this checkout's CLI, from source.
  const bin = join(work, 'bin');
  await mkdir(bin);
  await writeFile(
    join(bin, 'voxdesk'),
    `#!/bin/sh\nexec "${process.execPath}" --conditions=source "${BIN}" "$@"\n`,
  );
  await chmod(join(bin, 'voxdesk'), 0o755);
  const env = {
    PATH: `${bin}:${process.env.PATH}`,
    HOME: work,
    VAPI_TOKEN: TOKEN,
    VAPI_BASE_URL: server.url,
    VOXDESK_PROFILE: 'production',
    NO_COLOR: '1',
  };
  return { repo, env };
}

/** A step's script as GitHub's runner runs it (`bash -e`), in the checkout. */
async function runStep(step: Step, repo: string, env: Record<string, string>) {
  try {
    const { stdout, stderr } = await exec('bash', ['-e', '-c', step.run as string], { cwd: repo, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the workflow examples against the official GitHub workflow schema', () => {
  it('every examples/github-actions/*.yml validates', async () => {
    const names = (await readdir(EXAMPLES)).filter((name) => /\.ya?ml$/.test(name));
    expect(names).toContain('vapi.yml');
    for (const name of names)
      expect(await workflowErrors(await readFile(join(EXAMPLES, name), 'utf8')), name).toEqual([]);
  });

  it('a broken workflow fails: a job without runs-on, a misspelt key, a bad trigger', async () => {
    const text = await readFile(WORKFLOW, 'utf8');
    const broken = [
      text.replace('    runs-on: ubuntu-latest\n    steps:', '    steps:'),
      text.replace('  pull_request:\n', '  pull_requests:\n'),
      text.replace('cancel-in-progress: false', 'cancel-in-progres: false'),
      text.replace('      - uses: actions/checkout@v4\n', '      - {}\n'),
    ];
    for (const variant of broken) {
      expect(variant).not.toBe(text);
      expect(await workflowErrors(variant)).not.toEqual([]);
    }
  });
});

describe('the example PR gate (examples/github-actions/vapi.yml)', async () => {
  const workflow = parse(await readFile(WORKFLOW, 'utf8')) as Workflow;
  const step = (job: string, name: string) => {
    const found = workflow.jobs[job]?.steps.find((entry) => entry.name === name);
    if (!found?.run) throw new Error(`no step "${name}" with a script in job ${job}`);
    return found;
  };

  it('has the shape GitHub reads: triggers, and jobs whose steps each use an action or run a script', () => {
    expect(Object.keys(workflow.on)).toEqual(['pull_request', 'push']);
    expect(workflow.jobs.plan?.if).toBe("github.event_name == 'pull_request'");
    expect(workflow.jobs.apply?.if).toBe("github.event_name == 'push'");
    for (const job of Object.values(workflow.jobs)) {
      expect(job['runs-on']).toBe('ubuntu-latest');
      for (const entry of job.steps) expect(Boolean(entry.uses) !== Boolean(entry.run)).toBe(true);
    }
  });

  it(
    'plans on the pull request, applies exactly that plan on merge, then runs the evals',
    { timeout: 180_000 },
    async () => {
      const { repo, env } = await checkout();
      const plan = await runStep(step('plan', 'Plan'), repo, env);
      expect(plan.stderr).toContain('Plan saved to plan.json');
      expect(plan.code).toBe(0);
      // The example's six resources and the eval, a stored kind too.
      expect(await readFile(join(repo, 'plan.txt'), 'utf8')).toContain('# Plan: 7 to create, 0 to update');
      expect(writes()).toEqual([]);

      const apply = await runStep(step('apply', 'Apply the reviewed plan'), repo, env);
      expect(apply.code).toBe(0);
      expect(apply.stderr).toContain('Applied 7 changes to profile "production"');
      expect(server.state.assistants.size).toBe(2);

      const evals = await runStep(step('apply', 'Evals'), repo, env);
      expect(evals.stderr).toContain('✓ evals/greets-callers: pass');
      expect(evals.code).toBe(0);
      expect(await readFile(join(repo, 'evals.xml'), 'utf8')).toContain('<testsuites tests="1" failures="0"');
    },
  );

  it(
    'refuses on merge when the files changed after the review, sending nothing',
    { timeout: 180_000 },
    async () => {
      const { repo, env } = await checkout();
      expect((await runStep(step('plan', 'Plan'), repo, env)).code).toBe(0);
      const nurse = join(repo, 'vapi/assistants/nurse-line.yaml');
      await writeFile(nurse, (await readFile(nurse, 'utf8')).replace('gpt-4o', 'gpt-4o-mini'));
      const apply = await runStep(step('apply', 'Apply the reviewed plan'), repo, env);
      expect(apply.code).toBe(1);
      expect(apply.stderr).toContain('the files changed since the plan was saved; nothing was sent');
      expect(writes()).toEqual([]);
    },
  );
});
