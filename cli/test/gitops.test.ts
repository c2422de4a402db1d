import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
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
});
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
    expect(diff.stdout).toContain('# Plan: 5 to create, 0 to update, 0 to delete; 0 unchanged.');

    const applied = await voxdesk(['apply', '--dir', dir, '--yes']);
    expect(applied.stderr).toContain('Applied 5 changes');
    expect(applied.code).toBe(0);
    expect(writes()).toEqual([
      'POST /tool',
      'POST /assistant',
      'POST /assistant',
      'POST /squad',
      'POST /phone-number',
    ]);

    const state = JSON.parse(await readFile(join(dir, '.voxdesk-state.json'), 'utf8'));
    const ids = state.profiles.default;
    const vapi = sdk();
    const receptionist = await vapi.assistants.get(ids.assistants.receptionist);
    expect(receptionist.model?.toolIds).toEqual([ids.tools['book-appointment']]);
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
