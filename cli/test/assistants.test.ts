import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { harness, tempConfigHome } from './harness.ts';
import { authed, plain, useFakeVapi } from './fake-api.ts';

const fake = useFakeVapi({
  assistants: [
    {
      name: 'Reception',
      model: { provider: 'openai', model: 'gpt-4o' },
      createdAt: '2026-11-21T11:57:00.000Z',
    },
    { name: 'After hours', createdAt: '2026-11-18T12:00:00.000Z' },
  ],
});

const sent = () => fake.state.requests.map((request) => `${request.method} ${request.path}${request.search}`);

describe('assistants list', () => {
  it('prints an aligned table with relative times on a terminal', async () => {
    const cli = harness({ tty: true, env: plain });
    expect(await cli.run('assistants', 'list')).toBe(0);
    const lines = cli.stdout.text.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAME\s+MODEL\s+CREATED$/);
    expect(lines).toHaveLength(3);
    expect(cli.stdout.text).toMatch(/Reception\s+openai\/gpt-4o\s+3 minutes ago/);
    expect(cli.stdout.text).toContain('3 days ago');
    expect(cli.stderr.text).toBe('');
  });

  it('prints TSV with ISO times when piped, ids first', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('assistants', 'list')).toBe(0);
    const rows = cli.stdout.text
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows).toHaveLength(2);
    expect(rows[0]!.slice(1)).toEqual(['Reception', 'openai/gpt-4o', '2026-11-21T11:57:00.000Z']);
    expect([...fake.state.assistants.keys()]).toContain(rows[0]![0]);
  });

  it('--json prints the API array and nothing else', async () => {
    const cli = harness({ tty: true, env: { ...authed, NO_COLOR: '1' } });
    expect(await cli.run('assistants', 'list', '--json')).toBe(0);
    const parsed = JSON.parse(cli.stdout.text) as { name: string }[];
    expect(parsed.map((a) => a.name)).toEqual(['Reception', 'After hours']);
  });

  it('--limit is sent to the API, plus one to learn whether more exist', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('assistants', 'list', '--limit', '1', '--json')).toBe(0);
    expect(JSON.parse(cli.stdout.text)).toHaveLength(1);
    expect(sent()).toEqual(['GET /assistant?limit=2']);
  });

  it('--all follows every page', async () => {
    for (let i = 0; i < 23; i++) fake.state.assistants.delete(fake.state.assistants.keys().next().value!);
    const setup = harness({ env: authed });
    for (let i = 0; i < 25; i++) {
      expect(await setup.run('assistants', 'create', '--data', JSON.stringify({ name: `A${i}` }))).toBe(0);
    }
    fake.state.requests.length = 0;
    const cli = harness({ env: authed });
    expect(await cli.run('assistants', 'list', '--all', '--limit', '10', '--json')).toBe(0);
    const names = (JSON.parse(cli.stdout.text) as { name: string }[]).map((a) => a.name);
    expect(names).toHaveLength(fake.state.assistants.size);
    expect(new Set(names).size).toBe(names.length);
    expect(fake.state.requests.length).toBe(3);
    // The SDK pager's cursor: `createdAtLe` the last page's last millisecond (ids seen there
    // dropped), or `createdAtLt` after a page that held one millisecond only.
    expect(sent()[1]).toMatch(/^GET \/assistant\?limit=10&createdAtL[te]=/);
  });
});

describe('colour', () => {
  it('is on for a terminal and off with NO_COLOR, --no-color or a pipe', async () => {
    const colored = harness({ tty: true, env: authed });
    expect(await colored.run('assistants', 'list')).toBe(0);
    expect(colored.stdout.text).toContain('\u001b[1m');
    const noColorEnv = harness({ tty: true, env: plain });
    expect(await noColorEnv.run('assistants', 'list')).toBe(0);
    const noColorFlag = harness({ tty: true, env: authed });
    expect(await noColorFlag.run('assistants', 'list', '--no-color')).toBe(0);
    const piped = harness({ env: authed });
    expect(await piped.run('assistants', 'list')).toBe(0);
    for (const cli of [noColorEnv, noColorFlag, piped]) expect(cli.stdout.text).not.toContain('\u001b[');
  });
});

describe('assistants get / create / update / replace', () => {
  it('gets one assistant as a record, TSV row or JSON', async () => {
    const [id, record] = [...fake.state.assistants.entries()][0]!;
    const tty = harness({ tty: true, env: plain });
    expect(await tty.run('assistants', 'get', id)).toBe(0);
    expect(tty.stdout.text).toMatch(new RegExp(`^ID\\s+${id}\\nNAME\\s+${record.name}`));
    const json = harness({ env: authed });
    expect(await json.run('assistants', 'get', id, '--json')).toBe(0);
    expect(JSON.parse(json.stdout.text)).toEqual(record);
  });

  it('creates from --data, --file and stdin', async () => {
    const home = await tempConfigHome();
    try {
      const fromData = harness({ env: authed });
      expect(await fromData.run('assistants', 'create', '--data', '{"name":"Data"}', '--json')).toBe(0);
      const path = join(home.dir, 'body.json');
      await writeFile(path, '{"name":"File","firstMessage":"Hi"}');
      const fromFile = harness({ env: authed });
      expect(await fromFile.run('assistants', 'create', '--file', path)).toBe(0);
      const fromStdin = harness({ env: authed, stdin: '{"name":"Stdin"}' });
      expect(await fromStdin.run('assistants', 'create', '--file', '-')).toBe(0);
      const dataDash = harness({ env: authed, stdin: '{"name":"DataDash"}' });
      expect(await dataDash.run('assistants', 'create', '--data', '-')).toBe(0);
      const dataAt = harness({ env: authed });
      expect(await dataAt.run('assistants', 'create', '--data', `@${path}`)).toBe(0);
      const names = [...fake.state.assistants.values()].map((a) => a.name);
      expect(names.filter((n) => ['Data', 'File', 'Stdin', 'DataDash'].includes(String(n))).sort()).toEqual([
        'Data',
        'DataDash',
        'File',
        'File',
        'Stdin',
      ]);
      expect(JSON.parse(fromData.stdout.text).name).toBe('Data');
      // Piped: one tab-separated row, id first (ID NAME MODEL VOICE FIRST MESSAGE CREATED UPDATED).
      expect(fromFile.stdout.text).toMatch(/^[\w-]+\tFile\t\t\tHi\t\d{4}-[^\t]+\t\d{4}-[^\t]+\n$/);
    } finally {
      await home.cleanup();
    }
  });

  it('says how to end a body typed on a terminal', async () => {
    const cli = harness({ tty: true, env: plain, stdin: '{"name":"Typed"}' });
    expect(await cli.run('assistants', 'create', '--file', '-')).toBe(0);
    expect(cli.stderr.text).toBe('Reading the JSON body from stdin; end it with Ctrl-D.\n');
    expect(cli.stdout.text).toMatch(/^NAME\s+Typed$/m);
  });

  it('rejects bad JSON with where and why, exit 2, nothing sent', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('assistants', 'create', '--data', '{"name": Reception}')).toBe(2);
    expect(cli.stderr.text).toBe(
      "voxdesk: invalid JSON in --data: Unexpected token 'R' at line 1 column 10\n",
    );
    expect(fake.state.requests).toEqual([]);
  });

  it('rejects a wrong shape with the path of the problem, exit 2, nothing sent', async () => {
    const cli = harness({ env: authed, stdin: '{"name": 42, "model": {"provider": "openai"}}' });
    expect(await cli.run('assistants', 'create', '--file', '-')).toBe(2);
    expect(cli.stderr.text).toBe(
      'voxdesk: invalid body in stdin: at model: needs the field model; at name: must be string\n',
    );
    const array = harness({ env: authed });
    expect(await array.run('assistants', 'create', '--data', '[1]')).toBe(2);
    expect(array.stderr.text).toBe(
      'voxdesk: invalid body in --data: at (top level): must be a JSON object, not an array\n',
    );
    expect(fake.state.requests).toEqual([]);
  });

  it('needs a body, and only one source of it', async () => {
    const none = harness({ env: authed });
    expect(await none.run('assistants', 'create')).toBe(2);
    expect(none.stderr.text).toContain("a body is required: pass --data '<json>' or --file <path|->");
    const both = harness({ env: authed });
    expect(await both.run('assistants', 'create', '--data', '{}', '--file', 'x.json')).toBe(2);
    expect(both.stderr.text).toContain('either --data or --file, not both');
    const missing = harness({ env: authed });
    expect(await missing.run('assistants', 'create', '--file', '/no/such/body.json')).toBe(2);
    expect(missing.stderr.text).toContain('cannot read --file /no/such/body.json: ENOENT');
    expect(fake.state.requests).toEqual([]);
  });

  it('updates with PATCH (merge) and replaces with PUT', async () => {
    const [id] = [...fake.state.assistants.keys()];
    const update = harness({ env: authed });
    expect(
      await update.run('assistants', 'update', id!, '--data', '{"firstMessage":"Hello"}', '--json'),
    ).toBe(0);
    expect(JSON.parse(update.stdout.text)).toMatchObject({ name: 'Reception', firstMessage: 'Hello' });
    const replace = harness({ env: authed });
    expect(await replace.run('assistants', 'replace', id!, '--data', '{"name":"Fresh"}', '--json')).toBe(0);
    expect(JSON.parse(replace.stdout.text).firstMessage).toBeUndefined();
    expect(sent()).toEqual([`PATCH /assistant/${id}`, `PUT /assistant/${id}`]);
    const empty = harness({ env: authed });
    expect(await empty.run('assistants', 'update', id!, '--data', '{}')).toBe(2);
    expect(empty.stderr.text).toContain('nothing to change');
  });
});

describe('API errors', () => {
  it('a 404 is one line naming the request and the API message, exit 1', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('assistants', 'get', 'no-such-id')).toBe(1);
    expect(cli.stderr.text).toMatch(
      /^voxdesk: GET \/assistant\/no-such-id failed: 404 Not Found: Assistant not found \(request id [\w-]+\)\n$/,
    );
    expect(cli.stdout.text).toBe('');
  });

  it('a 400 carries the API validation messages', async () => {
    // `assistants create` checks the body against the document first (exit 2, nothing sent)…
    const checked = harness({ env: authed });
    expect(await checked.run('assistants', 'create', '--data', '{"name":"x","bogus":1}')).toBe(2);
    expect(checked.stderr.text).toBe(
      'voxdesk: invalid body in --data: at bogus: is not a field of this resource (check the spelling)\n',
    );
    expect(fake.state.requests).toEqual([]);
    // …so the API's own 400 shows through `api`, which sends a body as it is.
    const cli = harness({ env: authed });
    expect(await cli.run('api', 'POST', '/assistant', '-f', 'name=x', '-F', 'bogus=1')).toBe(1);
    expect(cli.stderr.text).toContain(
      'POST /assistant failed: 400 Bad Request: property bogus should not exist',
    );
  });

  it('a rejected token is exit 4, a missing one exit 4 with nothing sent', async () => {
    const rejected = harness({ env: { VAPI_TOKEN: 'sk-wrong-token' } });
    expect(await rejected.run('assistants', 'list', '--limit', '1')).toBe(4);
    // The path without the query (the list asked for --limit + 1), the token's source, the fix.
    expect(rejected.stderr.text).toMatch(/^voxdesk: GET \/assistant failed: 401 Unauthorized: Invalid Key/);
    expect(rejected.stderr.text).toContain(
      '. The token came from VAPI_TOKEN: check it is your private key (not the public one), or unset VAPI_TOKEN to use the stored login\n',
    );
    expect(rejected.stderr.text).not.toContain('limit=');
    expect(rejected.stderr.text).not.toContain('sk-wrong-token');
    fake.state.requests.length = 0;
    const missing = harness({ env: { XDG_CONFIG_HOME: '/nonexistent-voxdesk-test' } });
    expect(await missing.run('assistants', 'list')).toBe(4);
    expect(missing.stderr.text).toContain('no API token');
    expect(fake.state.requests).toEqual([]);
  });

  it('a network failure is exit 1 naming the request', async () => {
    fake.failNext(3, { networkError: true });
    const cli = harness({ env: authed });
    expect(await cli.run('assistants', 'list')).toBe(1);
    const lines = cli.stderr.text.trimEnd().split('\n');
    expect(lines.slice(0, 2)).toEqual([
      expect.stringMatching(
        /^Could not reach api\.vapi\.ai \(.+\); retrying in 0\.\d s \(attempt 2 of 3\)…$/,
      ),
      expect.stringMatching(
        /^Could not reach api\.vapi\.ai \(.+\); retrying in [01]\.?\d? s \(attempt 3 of 3\)…$/,
      ),
    ]);
    expect(lines[2]).toMatch(/^voxdesk: GET \/assistant could not reach https:\/\/api\.vapi\.ai/);
  });
});

describe('a list cut at --limit (defect 11, the notice)', () => {
  it('says on a terminal that more exist; not when piped, not with --all, not on a short page', async () => {
    const tty = harness({ tty: true, env: plain });
    expect(await tty.run('assistants', 'list', '--limit', '1')).toBe(0);
    expect(tty.stderr.text).toBe('showing 1; more exist — use --all or a larger --limit\n');
    const piped = harness({ env: plain });
    expect(await piped.run('assistants', 'list', '--limit', '1')).toBe(0);
    expect(piped.stderr.text).toBe('');
    const all = harness({ tty: true, env: plain });
    expect(await all.run('assistants', 'list', '--limit', '1', '--all')).toBe(0);
    expect(all.stderr.text).toBe('');
    const short = harness({ tty: true, env: plain });
    expect(await short.run('assistants', 'list', '--limit', '5')).toBe(0);
    expect(short.stderr.text).toBe('');
  });

  it('says "may" after one full default page: only another request could tell', async () => {
    const template = fake.state.assistants.values().next().value!;
    for (let i = 0; i < 98; i++) {
      const id = `extra-${i}`;
      fake.state.assistants.set(id, {
        ...template,
        id,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      });
    }
    const tty = harness({ tty: true, env: plain });
    expect(await tty.run('assistants', 'list')).toBe(0);
    expect(tty.stderr.text).toBe('showing 100; more may exist — use --all or a larger --limit\n');
    expect(sent()).toEqual(['GET /assistant']);
  });
});
