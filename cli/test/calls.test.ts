import { describe, expect, it } from 'vitest';
import { harness } from './harness.ts';
import { authed, plain, useFakeVapi } from './fake-api.ts';

const fake = useFakeVapi({
  assistants: [{ id: 'asst-1', name: 'Reception' }],
  phoneNumbers: [{ id: 'pn-1', provider: 'vapi', number: '+61299990000' }],
  collections: { '/squad': [{ id: 'target-1', name: 'Front desk', members: [{ assistantId: 'asst-1' }] }] },
  calls: [
    {
      id: 'call-ended',
      type: 'outboundPhoneCall',
      status: 'ended',
      endedReason: 'customer-ended-call',
      cost: 0.12,
      assistantId: 'asst-old',
      customer: { number: '+61400000009' },
      artifact: { recordingUrl: 'https://storage.vapi.test/rec.wav' },
    },
  ],
});

/** Places a phone call from asst-1 on pn-1 to +61400000000. */
const placeCall = [
  'calls',
  'create',
  '--assistant',
  'asst-1',
  '--phone-number',
  'pn-1',
  '--to',
  '+61400000000',
] as const;

describe('calls create', () => {
  it('places a phone call with --assistant, --phone-number and --to', async () => {
    const cli = harness({ tty: true, env: plain });
    expect(await cli.run(...placeCall)).toBe(0);
    const call = [...fake.state.calls.values()].find((record) => record.id !== 'call-ended');
    expect(call).toMatchObject({
      assistantId: 'asst-1',
      phoneNumberId: 'pn-1',
      customer: { number: '+61400000000' },
    });
    expect(cli.stdout.text).toMatch(
      new RegExp(`^ID\\s+${call!.id}\\nTYPE\\s+outboundPhoneCall\\nSTATUS\\s+queued`),
    );
  });

  it('merges extra fields from --data, flags winning', async () => {
    const cli = harness({ env: authed });
    const data = '{"name":"Reminder","customer":{"name":"Ana","number":"+10000000000"}}';
    expect(await cli.run(...placeCall, '--data', data, '--json')).toBe(0);
    expect(JSON.parse(cli.stdout.text)).toMatchObject({
      name: 'Reminder',
      customer: { name: 'Ana', number: '+61400000000' },
    });
  });

  it.each(['0400 000 000', '+0400000000', '61400000000', '+61 400 000 000', '+1234'])(
    'rejects --to %s as not E.164 (exit 2, nothing sent)',
    async (to) => {
      const cli = harness({ env: authed });
      expect(
        await cli.run('calls', 'create', '--assistant', 'asst-1', '--phone-number', 'pn-1', '--to', to),
      ).toBe(2);
      expect(cli.stderr.text).toBe(
        'voxdesk: --to must be an E.164 phone number such as +61400000000 (plus, country code, number; no spaces)\n',
      );
      expect(fake.state.requests).toEqual([]);
    },
  );

  it('requires all three flags', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('calls', 'create', '--assistant', 'asst-1', '--to', '+61400000000')).toBe(2);
    expect(cli.stderr.text).toContain("required option '--phone-number <id>' not specified");
    // Refused by the parser: the command itself never runs.
    const parsedOnly = harness({ env: authed });
    const { code, parsed } = await parsedOnly.parse(
      'calls',
      'create',
      '--phone-number',
      'pn-1',
      '--to',
      '+1',
    );
    expect(code).toBe(0);
    expect(parsed?.opts).toMatchObject({ phoneNumber: 'pn-1', to: '+1' });
    expect((await parsedOnly.parse('calls', 'create', '--to', '+1')).parsed).toBeUndefined();
  });

  it.each([
    ['--squad', 'squadId'],
    ['--workflow', 'workflowId'],
  ])('places a squad or workflow call with %s (defect 6)', async (flag, field) => {
    const cli = harness({ env: authed });
    expect(
      await cli.run(
        'calls',
        'create',
        flag,
        'target-1',
        '--phone-number',
        'pn-1',
        '--to',
        '+61400000000',
        '--json',
      ),
    ).toBe(0);
    const body = JSON.parse(fake.state.requests.at(-1)!.body) as Record<string, unknown>;
    expect(body).toMatchObject({ [field]: 'target-1', phoneNumberId: 'pn-1' });
    expect(body).not.toHaveProperty('assistantId');
  });

  it('needs exactly one of --assistant, --squad and --workflow (exit 2, nothing sent)', async () => {
    for (const args of [[], ['--assistant', 'a', '--squad', 's'], ['--squad', 's', '--workflow', 'w']]) {
      const cli = harness({ env: authed });
      expect(
        await cli.run('calls', 'create', ...args, '--phone-number', 'pn-1', '--to', '+61400000000'),
      ).toBe(2);
      expect(cli.stderr.text).toBe(
        'voxdesk: pass exactly one of --assistant <id>, --squad <id> or --workflow <id>\n',
      );
    }
    expect(fake.state.requests).toEqual([]);
  });

  it('reports an unknown assistant with the API message (exit 1)', async () => {
    const cli = harness({ env: authed });
    expect(
      await cli.run(
        'calls',
        'create',
        '--assistant',
        'nope',
        '--phone-number',
        'pn-1',
        '--to',
        '+61400000000',
      ),
    ).toBe(1);
    expect(cli.stderr.text).toMatch(/^voxdesk: POST \/call failed: 4\d\d [\w ]+: .+\n$/);
  });
});

describe('calls web / list / get / update / delete', () => {
  it('get shows why a call ended, its cost and recording', async () => {
    const cli = harness({ tty: true, env: plain });
    expect(await cli.run('calls', 'get', 'call-ended')).toBe(0);
    expect(cli.stdout.text).toMatch(/^STATUS\s+ended$/m);
    expect(cli.stdout.text).toMatch(/^ENDED\s+customer-ended-call$/m);
    expect(cli.stdout.text).toMatch(/^COST\s+0\.12$/m);
    expect(cli.stdout.text).toMatch(/^RECORDING\s+https:\/\/storage\.vapi\.test\/rec\.wav$/m);
  });

  it('creates a web call and prints its URL', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('calls', 'web', '--assistant', 'asst-1')).toBe(0);
    const [id, status, url] = cli.stdout.text.split('\t');
    expect(fake.state.calls.get(id!)).toMatchObject({ type: 'webCall' });
    expect(status).toBeTypeOf('string');
    expect(url).toMatch(/^https?:\/\//);
  });

  it('needs exactly one of --assistant and --squad', async () => {
    for (const args of [[], ['--assistant', 'a', '--squad', 's']]) {
      const cli = harness({ env: authed });
      expect(await cli.run('calls', 'web', ...args)).toBe(2);
      expect(cli.stderr.text).toContain('pass exactly one of --assistant <id> or --squad <id>');
    }
    expect(fake.state.requests).toEqual([]);
  });

  it('list --filter sends query fields and the API filters by them', async () => {
    const place = harness({ env: authed });
    expect(await place.run(...placeCall)).toBe(0);
    fake.state.requests.length = 0;
    const mine = harness({ env: authed });
    expect(await mine.run('calls', 'list', '--filter', 'assistantId=asst-1', '--json')).toBe(0);
    expect(JSON.parse(mine.stdout.text)).toHaveLength(1);
    const other = harness({ env: authed });
    expect(await other.run('calls', 'list', '--filter', 'assistantId=someone-else', '--all', '--json')).toBe(
      0,
    );
    expect(JSON.parse(other.stdout.text)).toEqual([]);
    const emptyTty = harness({ tty: true, env: plain });
    expect(await emptyTty.run('calls', 'list', '--filter', 'assistantId=someone-else')).toBe(0);
    expect(emptyTty.stdout.text).toBe('');
    expect(emptyTty.stderr.text).toBe('No calls found.\n');
    const emptyPipe = harness({ env: authed });
    expect(await emptyPipe.run('calls', 'list', '--filter', 'assistantId=someone-else')).toBe(0);
    expect(emptyPipe.stdout.text + emptyPipe.stderr.text).toBe('');
    expect(fake.state.requests.map((request) => request.search)).toEqual([
      '?assistantId=asst-1',
      '?assistantId=someone-else&limit=100',
      '?assistantId=someone-else',
      '?assistantId=someone-else',
    ]);
    for (const bad of ['assistantId', '=x', 'limit=5']) {
      const cli = harness({ env: authed });
      expect(await cli.run('calls', 'list', '--filter', bad)).toBe(2);
      expect(cli.stderr.text).toMatch(/--filter expects field=value|use --limit instead/);
    }
    expect(fake.state.requests).toHaveLength(4);
  });

  it('lists, gets, updates and deletes calls', async () => {
    const create = harness({ env: authed });
    expect(await create.run(...placeCall, '--json')).toBe(0);
    const id = JSON.parse(create.stdout.text).id as string;
    const list = harness({ env: authed });
    expect(await list.run('calls', 'list', '--all')).toBe(0);
    expect(list.stdout.text).toContain(`${id}\toutboundPhoneCall\tqueued\t+61400000000\tasst-1\t`);
    const update = harness({ env: authed });
    expect(await update.run('calls', 'update', id, '--data', '{"name":"Checked"}', '--json')).toBe(0);
    expect(JSON.parse(update.stdout.text).name).toBe('Checked');
    const remove = harness({ env: authed });
    expect(await remove.run('calls', 'delete', id, '--yes')).toBe(0);
    expect(fake.state.calls.has(id)).toBe(false);
  });
});
