import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { harness } from './harness.ts';

// Records the first import of the SDK and of ajv's compiler; the modules stay real.
const loaded = vi.hoisted(() => [] as string[]);
const outputLoaded = vi.hoisted(() => [] as string[]);
vi.mock('@voxdesk/sdk', async (importOriginal) => {
  loaded.push('sdk');
  return importOriginal();
});
// ajv's compiler is for the generator: no command loads it.
vi.mock('ajv', async (importOriginal) => {
  loaded.push('ajv');
  // ajv is CommonJS: its module is the Ajv class, with `Ajv` and `default` on it.
  return { ...(await importOriginal<Record<string, unknown>>()) };
});
// The heavier output helpers load only for the output that needs them.
for (const name of ['mustache', 'string-width', 'json-colorizer']) {
  vi.doMock(name, async (importOriginal) => {
    outputLoaded.push(name);
    return importOriginal();
  });
}

/** jq-web and the body validators are required (CommonJS): Node's require cache tells. */
const required = (part: string) =>
  Object.keys(createRequire(import.meta.url).cache).some((path) => path.includes(part));
const jqLoaded = () => required('/jq-web/');
const validatorsLoaded = () => required('/generated/validators.cjs');

/** Answers every request locally (a list, or the created object): nothing leaves the process. */
const local = { id: 'a1', name: 'Local', createdAt: '2026-11-21T11:00:00.000Z' };
const fetch = async (input: string | URL | Request, init?: RequestInit) => {
  const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
  return Response.json(method === 'POST' ? local : [local]);
};

describe('start-up stays light', () => {
  it.each([
    ['--help'],
    ['--version'],
    ['assistants', '--help'],
    ['api', '--help'],
    ['calls', 'create', '--help'],
  ])('%s loads neither the SDK nor the validators', async (...argv) => {
    const cli = harness();
    expect(await cli.run(...argv)).toBe(0);
    expect(cli.stdout.text).not.toBe('');
    expect(loaded).toEqual([]);
    expect(validatorsLoaded()).toBe(false);
  });

  // Before any test that prints a table: a module loads once per file.
  it('--json loads no table, colour, jq or template code; --jq loads jq only', async () => {
    outputLoaded.length = 0;
    const json = harness({ env: { VAPI_TOKEN: 'sk-lazy-test' }, fetch });
    expect(await json.run('assistants', 'list', '--json')).toBe(0);
    expect(outputLoaded).toEqual([]);
    expect(jqLoaded()).toBe(false);
    const jq = harness({ env: { VAPI_TOKEN: 'sk-lazy-test' }, fetch });
    expect(await jq.run('assistants', 'list', '--jq', '.[0].name')).toBe(0);
    expect(jq.stdout.text).toBe('Local\n');
    expect(outputLoaded).toEqual([]);
    expect(jqLoaded()).toBe(true);
  });

  it('list loads the SDK but no validator; create loads the validators, not ajv', async () => {
    const list = harness({ env: { VAPI_TOKEN: 'sk-lazy-test' }, fetch });
    expect(await list.run('assistants', 'list')).toBe(0);
    expect(loaded).toEqual(['sdk']);
    expect(validatorsLoaded()).toBe(false);
    const create = harness({ env: { VAPI_TOKEN: 'sk-lazy-test' }, fetch });
    const code = await create.run('assistants', 'create', '--data', '{"name":"Local"}');
    expect(create.stderr.text).toBe('');
    expect(code).toBe(0);
    expect(loaded).toEqual(['sdk']);
    expect(validatorsLoaded()).toBe(true);
  });
});
