import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { harness } from './harness.ts';
import { authed, useFakeVapi } from './fake-api.ts';

const fake = useFakeVapi();

/** create → list → get → update → delete through the CLI, checking the fake's requests. */
const cases: { resource: string; path: string; create: object; update: object; column: string }[] = [
  {
    resource: 'tokens',
    path: '/token',
    create: { name: 'ci', tag: 'private' },
    update: { name: 'ci-2' },
    column: 'ci',
  },
  {
    resource: 'phone-numbers',
    path: '/phone-number',
    create: {
      provider: 'byo-phone-number',
      name: 'Front desk',
      number: '+61400000001',
      credentialId: 'cred-1',
    },
    update: { name: 'Reception line' },
    column: '+61400000001',
  },
  {
    resource: 'squads',
    path: '/squad',
    create: { name: 'Team', members: [{ assistant: { name: 'Inline' } }] },
    update: { name: 'Team B' },
    column: 'Team',
  },
  {
    resource: 'tools',
    path: '/tool',
    create: { type: 'function', function: { name: 'book_visit' } },
    update: { function: { name: 'book_visit_2' } },
    column: 'book_visit',
  },
  {
    resource: 'knowledge-bases',
    path: '/knowledge-base',
    create: { provider: 'google', name: 'FAQ' },
    update: { name: 'FAQ 2026' },
    column: 'FAQ',
  },
];

describe.each(cases)('$resource', ({ resource, path, create, update, column }) => {
  it('creates, lists, gets, updates and deletes', async () => {
    const created = harness({ env: authed });
    expect(await created.run(resource, 'create', '--data', JSON.stringify(create), '--json')).toBe(0);
    const id = (JSON.parse(created.stdout.text) as { id: string }).id;
    expect(id).toBeTruthy();

    const listed = harness({ env: authed });
    expect(await listed.run(resource, 'list')).toBe(0);
    expect(listed.stdout.text.split('\t')[0]).toBe(id);
    expect(listed.stdout.text).toContain(`\t${column}`);

    const got = harness({ env: authed });
    expect(await got.run(resource, 'get', id, '--json')).toBe(0);
    expect(JSON.parse(got.stdout.text).id).toBe(id);

    const updated = harness({ env: authed });
    expect(await updated.run(resource, 'update', id, '--data', JSON.stringify(update), '--json')).toBe(0);
    expect(JSON.parse(updated.stdout.text)).toMatchObject(update);

    const deleted = harness({ env: authed });
    expect(await deleted.run(resource, 'delete', id, '--yes')).toBe(0);
    expect(fake.state.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `POST ${path}`,
      `GET ${path}`,
      `GET ${path}/${id}`,
      `PATCH ${path}/${id}`,
      `DELETE ${path}/${id}`,
    ]);
  });
});

describe('tokens', () => {
  it('show the key of one token (after create) but never in a list', async () => {
    const created = harness({ env: authed });
    expect(await created.run('tokens', 'create', '--data', '{"name":"ci","tag":"public"}')).toBe(0);
    const [id, name, tag, value] = created.stdout.text.trimEnd().split('\t');
    expect([name, tag]).toEqual(['ci', 'public']);
    expect(value).toBe(fake.state.tokens.get(id!)!.value);
    expect(value).toMatch(/^[\w-]{8,}$/);
    const listed = harness({ env: authed });
    expect(await listed.run('tokens', 'list')).toBe(0);
    expect(listed.stdout.text).toContain(id);
    expect(listed.stdout.text).not.toContain(value);
  });
});

describe('list --all on lists the SDK does not iterate', () => {
  it('tokens list --all pages with the SDK pager (createdAt cursor)', async () => {
    for (let i = 0; i < 5; i++) {
      const cli = harness({ env: authed });
      expect(await cli.run('tokens', 'create', '--data', JSON.stringify({ name: `t${i}` }))).toBe(0);
    }
    fake.state.requests.length = 0;
    const cli = harness({ env: authed });
    expect(await cli.run('tokens', 'list', '--all', '--limit', '2', '--json')).toBe(0);
    const names = (JSON.parse(cli.stdout.text) as { name: string }[]).map((token) => token.name);
    expect(names).toEqual(['t4', 't3', 't2', 't1', 't0']);
    expect(fake.state.requests.map((request) => request.search)).toEqual([
      '?limit=2',
      ...Array.from({ length: 4 }, () => expect.stringMatching(/^\?limit=2&createdAtLe=/)),
    ]);
  });
});

describe('shape checks before sending', () => {
  it.each([
    [
      'tools',
      '{"function":{"name":"x"}}',
      'at type: must be one of: apiRequest, code, dtmf, endCall, function, transferCall, handoff',
    ],
    ['squads', '{"name":"x","members":[]}', 'at members: a squad needs at least one member'],
    [
      'phone-numbers',
      '{"provider":"fax"}',
      'at provider: must be one of: byo-phone-number, twilio, vonage, vapi, telnyx\n',
    ],
    [
      'tokens',
      '{"tag":"secret"}',
      'voxdesk: invalid body in --data: at tag: must be one of: private, public\n',
    ],
    [
      'phone-numbers',
      '{"provider":"twilio","number":"0400 000 000"}',
      'at number: must be an E.164 phone number',
    ],
    // The document's own fields, from the one validator as-code files use too.
    ['tokens', '{"nmae":"ci"}', 'at nmae: is not a field of this resource (did you mean name?)'],
    [
      'tools',
      '{"type":"function","function":{"name":"has space"}}',
      'at function.name: must match pattern "^[a-zA-Z0-9_-]{1,64}$"',
    ],
  ])('%s create %s', async (resource, body, message) => {
    const cli = harness({ env: authed });
    expect(await cli.run(resource, 'create', '--data', body)).toBe(2);
    expect(cli.stderr.text).toContain(message);
    expect(fake.state.requests).toEqual([]);
  });
});

describe('update bodies', () => {
  it('are partial, need a field, and are explained through the variant they fit', async () => {
    // A tool update carries no `type`: the function tool's schema is the one `function` fits.
    const tool = harness({ env: authed });
    expect(await tool.run('tools', 'update', 'tool-1', '--data', '{"function":{"name":"has space"}}')).toBe(
      2,
    );
    expect(tool.stderr.text).toBe(
      'voxdesk: invalid body in --data: at function.name: must match pattern "^[a-zA-Z0-9_-]{1,64}$"\n',
    );
    const number = harness({ env: authed });
    expect(await number.run('phone-numbers', 'update', 'pn-1', '--data', '{"number":"0400"}')).toBe(2);
    expect(number.stderr.text).toContain('at number: must be an E.164 phone number');
    const empty = harness({ env: authed });
    expect(await empty.run('squads', 'update', 'sq-1', '--data', '{}')).toBe(2);
    expect(empty.stderr.text).toBe(
      'voxdesk: invalid body in --data: at (top level): nothing to change: give at least one field\n',
    );
    expect(fake.state.requests).toEqual([]);
  });
});

describe('phone numbers', () => {
  it('accept a non-E.164 BYO number when the body turns the check off', async () => {
    const cli = harness({ env: authed });
    const body = {
      provider: 'byo-phone-number',
      number: '1234',
      numberE164CheckEnabled: false,
      credentialId: 'cred-1',
    };
    expect(await cli.run('phone-numbers', 'create', '--data', JSON.stringify(body), '--json')).toBe(0);
    expect(JSON.parse(cli.stdout.text)).toMatchObject({ number: '1234' });
  });
});

describe('files', () => {
  it('uploads a local file as multipart and lists it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'voxdesk-files-'));
    try {
      const path = join(dir, 'faq.txt');
      await writeFile(path, 'Opening hours: 9 to 5\n');
      const upload = harness({ env: authed });
      expect(await upload.run('files', 'create', path, '--json')).toBe(0);
      const file = JSON.parse(upload.stdout.text) as { id: string; name: string; bytes: number };
      expect(file).toMatchObject({ name: 'faq.txt', bytes: 22 });
      expect(fake.state.requests[0]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);

      const listed = harness({ env: authed });
      expect(await listed.run('files', 'list', '--limit', '5')).toBe(0);
      expect(listed.stdout.text).toMatch(new RegExp(`^${file.id}\\tfaq\\.txt\\t`));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('says plainly when the path cannot be read (exit 2, nothing sent)', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('files', 'create', '/no/such/faq.pdf')).toBe(2);
    expect(cli.stderr.text).toBe('voxdesk: cannot read /no/such/faq.pdf: no such file\n');
    expect(fake.state.requests).toEqual([]);
  });
});

describe('singular nouns (as Vapi writes them)', () => {
  it('assistant list and phone-number get are the plural commands', async () => {
    const created = harness({ env: authed });
    expect(await created.run('assistant', 'create', '--data', '{"name":"Front desk"}', '--json', 'id')).toBe(
      0,
    );
    const { id } = JSON.parse(created.stdout.text) as { id: string };
    const list = harness({ env: authed });
    expect(await list.run('assistant', 'list')).toBe(0);
    expect(list.stdout.text).toMatch(new RegExp(`^${id}\\tFront desk\\t`));
    const missing = harness({ env: authed });
    expect(await missing.run('phone-number', 'get', 'nope')).toBe(1);
    expect(missing.stderr.text).toContain('GET /phone-number/nope');
  });

  it('help names both', async () => {
    const help = harness();
    expect(await help.run('--help')).toBe(0);
    expect(help.stdout.text).toMatch(/assistants\|assistant\b/);
    expect(help.stdout.text).toMatch(/phone-numbers\|phone-number\b/);
  });
});

describe('--interval help', () => {
  it('shows its default as a duration, as the user writes one', async () => {
    const help = harness();
    expect(await help.run('calls', 'watch', '--help')).toBe(0);
    expect(help.stdout.text).toContain('a bare number is seconds (default: 2s)');
    expect(help.stdout.text).not.toContain('2000');
  });
});
