import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations } from '@voxdesk/sdk';
import { matchOperation } from '../src/commands/api/run.ts';
import { harness } from './harness.ts';
import { authed, useFakeVapi } from './fake-api.ts';

const fake = useFakeVapi({ assistants: [{ name: 'Reception' }, { name: 'After hours' }] });
const sent = () => fake.state.requests.map((request) => `${request.method} ${request.path}${request.search}`);

describe('voxdesk api', () => {
  it('GETs a path with typed fields in the query and prints the JSON', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('api', 'GET', '/assistant', '-F', 'limit=1')).toBe(0);
    expect(sent()).toEqual(['GET /assistant?limit=1']);
    expect(JSON.parse(cli.stdout.text)).toHaveLength(1);
    expect(cli.stderr.text).toBe('');
  });

  it('defaults to GET, or POST when fields are given', async () => {
    const get = harness({ env: authed });
    expect(await get.run('api', '/assistant')).toBe(0);
    const post = harness({ env: authed });
    expect(await post.run('api', '/assistant', '-f', 'name=Posted')).toBe(0);
    expect(sent()).toEqual(['GET /assistant', 'POST /assistant']);
    expect(JSON.parse(post.stdout.text).name).toBe('Posted');
  });

  it('POSTs nested -f/-F fields as a JSON body', async () => {
    const cli = harness({ env: authed });
    const args = [
      '-f',
      'name=Nested',
      '-f',
      'model[provider]=openai',
      '-f',
      'model[model]=gpt-4o',
      '-F',
      'model[temperature]=0.2',
    ];
    expect(await cli.run('api', 'post', '/assistant', ...args)).toBe(0);
    const created = JSON.parse(cli.stdout.text);
    expect(created).toMatchObject({
      name: 'Nested',
      model: { provider: 'openai', model: 'gpt-4o', temperature: 0.2 },
    });
    expect(fake.state.assistants.get(created.id)).toMatchObject({ name: 'Nested' });
  });

  it('sends --input from a file or stdin, fields going to the query', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'voxdesk-api-'));
    try {
      const [id] = [...fake.state.assistants.keys()];
      const path = join(dir, 'patch.json');
      await writeFile(path, '{"firstMessage":"From a file"}');
      const fromFile = harness({ env: authed });
      expect(await fromFile.run('api', 'PATCH', `/assistant/${id}`, '--input', path)).toBe(0);
      expect(fake.state.assistants.get(id!)).toMatchObject({ firstMessage: 'From a file' });
      const fromStdin = harness({ env: authed, stdin: '{"name":"Piped"}' });
      expect(await fromStdin.run('api', 'POST', '/assistant', '--input', '-')).toBe(0);
      expect(JSON.parse(fromStdin.stdout.text).name).toBe('Piped');
      const badJson = harness({ env: authed, stdin: '{"name":' });
      expect(await badJson.run('api', 'POST', '/assistant', '--input', '-')).toBe(2);
      expect(badJson.stderr.text).toBe('voxdesk: invalid JSON in stdin: Unexpected end of JSON input\n');
      expect(sent()).toEqual([`PATCH /assistant/${id}`, 'POST /assistant']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reads an @- field from stdin', async () => {
    const cli = harness({ env: authed, stdin: 'Hello from stdin\n' });
    expect(await cli.run('api', 'POST', '/assistant', '-F', 'firstMessage=@-')).toBe(0);
    expect(JSON.parse(cli.stdout.text).firstMessage).toBe('Hello from stdin');
  });

  it('--paginate follows v1 cursors and prints one array', async () => {
    for (let i = 0; i < 5; i++)
      expect(await harness({ env: authed }).run('api', 'POST', '/assistant', '-f', `name=P${i}`)).toBe(0);
    fake.state.requests.length = 0;
    const cli = harness({ env: authed });
    expect(await cli.run('api', 'GET', '/assistant', '--paginate', '-F', 'limit=3')).toBe(0);
    const all = JSON.parse(cli.stdout.text) as { id: string }[];
    expect(all).toHaveLength(7);
    expect(new Set(all.map((a) => a.id)).size).toBe(7);
    // The SDK pager: `createdAtLe` the last millisecond of each full page, its ids dropped.
    expect(sent()).toEqual([
      'GET /assistant?limit=3',
      expect.stringMatching(/^GET \/assistant\?limit=3&createdAtLe=/),
      expect.stringMatching(/^GET \/assistant\?limit=3&createdAtLe=/),
      expect.stringMatching(/^GET \/assistant\?limit=3&createdAtLe=/),
    ]);
  });

  it('--paginate follows page-style lists', async () => {
    for (let i = 0; i < 3; i++) {
      const create = harness({ env: authed });
      expect(await create.run('api', 'POST', '/campaign', '-f', `name=C${i}`, '-f', 'phoneNumberId=pn')).toBe(
        0,
      );
    }
    const made = fake.state.collections.get('/campaign')?.size;
    expect(made).toBe(3);
    fake.state.requests.length = 0;
    const cli = harness({ env: authed });
    expect(await cli.run('api', 'GET', '/campaign', '--paginate', '-F', 'limit=2')).toBe(0);
    expect(JSON.parse(cli.stdout.text)).toHaveLength(3);
    expect(sent()).toEqual(['GET /campaign?limit=2&page=1', 'GET /campaign?limit=2&page=2']);
  });

  it('-i prints the status line and headers first; -H adds headers', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('api', '-i', 'GET', '/assistant', '-H', 'X-Trace: abc')).toBe(0);
    expect(cli.stdout.text).toMatch(
      /^HTTP\/1\.1 200 OK\n(.+: .+\n)*content-type: application\/json[^\n]*\n(.+: .+\n)*\n\[/,
    );
    expect(fake.state.requests[0]!.headers['x-trace']).toBe('abc');
  });

  it('-i shows the status line, headers and body of an error response too', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('api', '-i', 'GET', '/assistant/missing')).toBe(1);
    expect(cli.stdout.text).toMatch(/^HTTP\/1\.1 404 Not Found\n(.+: .+\n)+\n\{\n/);
    expect(JSON.parse(cli.stdout.text.slice(cli.stdout.text.indexOf('\n\n') + 2))).toMatchObject({
      message: 'Assistant not found',
      statusCode: 404,
    });
    expect(cli.stderr.text).toMatch(/^voxdesk: GET \/assistant\/missing failed: 404 Not Found/);
  });

  it('an API error prints its body on stdout (as gh api) and the one-line error on stderr', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('api', 'GET', '/assistant/missing')).toBe(1);
    expect(JSON.parse(cli.stdout.text)).toMatchObject({ message: 'Assistant not found', statusCode: 404 });
    expect(cli.stdout.text).not.toMatch(/^HTTP/);
    expect(cli.stderr.text).toMatch(/^voxdesk: GET \/assistant\/missing failed: 404 Not Found/);
  });

  it('saves downloads (302 to a presigned URL) as raw bytes when piped', async () => {
    const call = harness({ env: authed });
    expect(
      await call.run('api', 'POST', '/call/web', '-f', `assistantId=${[...fake.state.assistants.keys()][0]}`),
    ).toBe(0);
    const id = JSON.parse(call.stdout.text).id as string;
    const pcap = harness({ env: authed });
    expect(await pcap.run('api', 'GET', `/call/${id}/pcap`)).toBe(0);
    const bytes = Buffer.concat(pcap.stdout.chunks);
    expect(bytes.length).toBe(24);
    expect(bytes.readUInt32LE(0)).toBe(0xa1b2c3d4);
    const logs = harness({ env: authed });
    expect(await logs.run('api', 'GET', `/call/${id}/call-logs`)).toBe(0);
    expect(
      logs.stdout.text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).message),
    ).toEqual(['Call queued', 'Call started', 'Call ended']);
    const tty = harness({ tty: true, env: authed });
    expect(await tty.run('api', 'GET', `/call/${id}/pcap`)).toBe(0);
    expect(tty.stdout.text).toBe('');
    expect(tty.stderr.text).toContain('24 bytes of application/vnd.tcpdump.pcap not shown on a terminal');
  });

  it('notes unknown and deprecated operations on stderr but still sends them', async () => {
    const unknown = harness({ env: authed });
    expect(await unknown.run('api', 'GET', '/no-such-thing')).toBe(1);
    expect(unknown.stderr.text).toContain(
      'note: GET /no-such-thing is not a known Vapi operation; sending it anyway',
    );
    const typo = harness({ env: authed });
    expect(await typo.run('api', 'GET', '/assistants/abc')).toBe(1);
    expect(typo.stderr.text).toContain(
      'note: GET /assistants/abc is not a known Vapi operation (did you mean GET /assistant/{id}?); sending it anyway',
    );
    expect(unknown.stderr.text).toContain(
      'voxdesk: GET /no-such-thing failed: 404 Not Found: Cannot GET /no-such-thing',
    );
    const deprecated = harness({ env: authed });
    await deprecated.run('api', 'GET', '/metrics');
    expect(deprecated.stderr.text).toContain('note: metrics.get (GET /metrics) is deprecated');
  });

  it.each([
    [['FETCH', '/assistant'], 'unknown method "FETCH": use one of GET, POST, PUT, PATCH, DELETE'],
    [['GET', 'assistant'], 'the path must start with /'],
    [['GET', 'https://evil.example/assistant'], 'the path must start with /'],
    [['GET', '/assistant/{id}'], "fill in the path's placeholders"],
    [['GET', '/assistant', '-H', 'nocolon'], '-H expects "Name: value"'],
    [['GET', '/assistant', '--input', '-'], '--input sends a body, which GET does not take'],
    [['POST', '/assistant', '-f', 'x'], '-f/--raw-field expects key=value'],
    [['GET', '/assistant', '--paginate', '-i'], 'cannot show headers too (drop -i)'],
    [['POST', '/assistant', '--paginate'], '--paginate follows GET lists, not POST'],
    [['POST', '/assistant', '--input', '-', '-F', 'a=@-'], 'stdin can be read only once'],
  ])('usage error for %j: exit 2, nothing sent', async (args, message) => {
    const cli = harness({ env: authed });
    expect(await cli.run('api', ...args)).toBe(2);
    expect(cli.stderr.text).toContain(message);
    expect(fake.state.requests).toEqual([]);
  });

  it('sends an operation that needs no key without a token, and requires one elsewhere', async () => {
    const noToken = { XDG_CONFIG_HOME: '/nonexistent-voxdesk-test' };
    const webhook = harness({ env: noToken });
    expect(await webhook.run('api', 'POST', '/credential/webhook', '-f', 'type=ping')).toBe(0);
    expect(fake.state.requests[0]!.headers.authorization).toBeUndefined();
    const other = harness({ env: noToken });
    expect(await other.run('api', 'GET', '/assistant')).toBe(4);
    expect(fake.state.requests).toHaveLength(1);
  });

  it('matches paths to operations, literal segments first', () => {
    expect(matchOperation(operations, { method: 'POST', path: '/call/web' })?.id).toBe('calls.createWeb');
    expect(matchOperation(operations, { method: 'GET', path: '/assistant/abc' })?.id).toBe('assistants.get');
    expect(matchOperation(operations, { method: 'GET', path: '/11labs/voices/search' })?.id).toBe(
      'providers.searchVoices',
    );
    expect(matchOperation(operations, { method: 'GET', path: '/nothing/here/at/all' })).toBeUndefined();
  });
});

describe('api --jq and --template (as gh api)', () => {
  it('filters the JSON answer, also with --paginate', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('api', 'GET', '/assistant', '--jq', 'length')).toBe(0);
    expect(Number(cli.stdout.text)).toBeGreaterThan(0);
    const paged = harness({ env: authed });
    expect(
      await paged.run('api', 'GET', '/assistant', '--paginate', '--template', '{{#.}}[{{id}}]{{/.}}'),
    ).toBe(0);
    expect(paged.stdout.text).toMatch(/^(\[[\w-]+\])+$/);
  });
});
