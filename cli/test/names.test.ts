import { describe, expect, it } from 'vitest';
import { harness } from './harness.ts';
import { authed, useFakeVapi } from './fake-api.ts';

const RECEPTION = '11111111-1111-4111-8111-111111111111';
const SALES_A = '22222222-2222-4222-8222-222222222222';
const SALES_B = '33333333-3333-4333-8333-333333333333';
const fake = useFakeVapi({
  assistants: [
    { id: RECEPTION, name: 'Reception' },
    { id: SALES_A, name: 'Sales' },
    { id: SALES_B, name: 'Sales' },
  ],
  phoneNumbers: [{ id: 'pn-1', provider: 'vapi', number: '+61299990000' }],
  collections: { '/squad': [{ id: 'squad-1', name: 'Front desk', members: [{ assistantId: RECEPTION }] }] },
});

const place = ['calls', 'create', '--phone-number', 'pn-1', '--to', '+61400000000'];

describe('names for ids', () => {
  it('--assistant Reception places the call with that assistant’s id', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run(...place, '--assistant', 'Reception', '--json', 'assistantId')).toBe(0);
    expect(JSON.parse(cli.stdout.text)).toEqual({ assistantId: RECEPTION });
  });

  it('matches a name differing only in case, and squads by name', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run(...place, '--assistant', 'reception', '--dry-run', '--json')).toBe(0);
    expect(JSON.parse(cli.stdout.text)).toMatchObject({ body: { assistantId: RECEPTION } });
    const squad = harness({ env: authed });
    expect(await squad.run('calls', 'web', '--squad', 'Front desk', '--dry-run', '--json')).toBe(0);
    expect(JSON.parse(squad.stdout.text)).toMatchObject({ body: { squadId: 'squad-1' } });
  });

  it('refuses an ambiguous name, listing the matches (exit 2, no call placed)', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run(...place, '--assistant', 'Sales')).toBe(2);
    expect(cli.stderr.text).toBe(
      `voxdesk: --assistant Sales names 2 assistants; give the id of one:\n  ${SALES_A}  Sales\n  ${SALES_B}  Sales\n`,
    );
    expect(fake.state.calls.size).toBe(0);
  });

  it('uses a UUID as given, with no lookup', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run(...place, '--assistant', SALES_B, '--dry-run')).toBe(0);
    expect(fake.state.requests).toEqual([]);
  });

  it('calls summary --assistant takes a name', async () => {
    const summary = harness({ env: authed });
    expect(await summary.run('calls', 'summary', '--assistant', 'Reception', '--json')).toBe(0);
    const listed = fake.state.requests.filter((request) => request.path === '/call');
    expect(listed.at(-1)?.search).toContain(`assistantId=${RECEPTION}`);
  });
});
