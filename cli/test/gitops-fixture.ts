// The gitops tests' fixture: the fake Vapi on a real loopback port, a scratch folder per test,
// and the CLI run in-process with the real fetch. Each file calls `useGitopsFixture()` to
// register the hooks (files share a worker's module cache, so importing alone would register
// them for the first file only); `server` and `work` are live bindings each test reads.
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { Vapi } from '@voxdesk/sdk';
import { startFakeVapiServer, type FakeVapiServer } from '@voxdesk/vapi-mock';
import { harness } from './harness.ts';

export const TOKEN = 'sk-test-gitops';
export const EXAMPLE = new URL('../../examples/assistants-as-code/', import.meta.url).pathname;
export let server: FakeVapiServer;
export let work: string;

/** Registers the file's hooks: a fake Vapi for the file, a fresh scratch folder per test. */
export function useGitopsFixture(): void {
  beforeAll(async () => {
    server = await startFakeVapiServer({ token: TOKEN });
    // The first check of a run compiles the ajv validators (about 1 s, several on a loaded
    // machine): pay it here, under the hook's timeout, not inside the first test's 5 s.
    await voxdesk(['diff', '--dir', EXAMPLE]);
  }, 60_000);
  afterAll(() => server.close());
  beforeEach(async () => {
    server.reset();
    work = await mkdtemp(join(tmpdir(), 'voxdesk-gitops-'));
  });
  afterEach(() => rm(work, { recursive: true, force: true }));
}

const env = (extra: Record<string, string> = {}) => ({
  VAPI_TOKEN: TOKEN,
  VAPI_BASE_URL: server.url,
  NO_COLOR: '1',
  ...extra,
});

export async function voxdesk(
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

export const sdk = () => new Vapi({ token: TOKEN, baseUrl: server.url, retry: 0 });
export const writes = () =>
  server.state.requests
    .filter((request) => request.method !== 'GET')
    .map((request) => `${request.method} ${request.path}`);

/** Every file of a folder with its text, for "nothing changed" checks. */
export async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out[path.slice(dir.length + 1)] = await readFile(path, 'utf8');
  }
  return out;
}

export async function copyExample(): Promise<string> {
  const dir = join(work, 'vapi');
  await cp(EXAMPLE, dir, { recursive: true });
  return dir;
}

/** An account as a dashboard leaves it: a tool, an assistant using it, a squad, a number. */
export async function seedClinic() {
  const vapi = sdk();
  const tool = await vapi.tools.create({
    type: 'function',
    function: { name: 'book_appointment', description: 'Book a visit' },
  } as never);
  const assistant = await vapi.assistants.create({
    name: 'Reception',
    firstMessage: 'Hello, Harbour Street Clinic.',
    model: {
      provider: 'openai',
      model: 'gpt-4o',
      toolIds: [tool.id],
      messages: [{ role: 'system', content: 'You are the receptionist.\nBe brief.\n' }],
    },
  } as never);
  const squad = await vapi.squads.create({ name: 'Front desk', members: [{ assistantId: assistant.id }] });
  const number = await vapi.phoneNumbers.create({
    provider: 'vapi',
    name: 'Main line',
    assistantId: assistant.id,
  });
  server.state.requests.length = 0;
  return { tool, assistant, squad, number };
}
