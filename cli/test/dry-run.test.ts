import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../src/program.ts';
import { harness } from './harness.ts';
import { authed, TOKEN, useFakeVapi } from './fake-api.ts';

/** A UUID, as Vapi's ids are: used as given, so no name lookup is sent. */
const A1_UUID = '0b6c7f5e-1d2a-4c3b-9e8f-7a6b5c4d3e2f';

const fake = useFakeVapi({ assistants: [{ id: 'a1', name: 'Reception' }] });

const all = (command: Command): Command[] => command.commands.flatMap((child) => [child, ...all(child)]);

describe('--dry-run', () => {
  it('is on every command that creates, changes or deletes', () => {
    // `alias delete` edits the local config file (as `config set`), not the API.
    const mutating = all(buildProgram(harness().factory)).filter(
      (command) =>
        ['create', 'update', 'replace', 'delete', 'web'].includes(command.name()) &&
        command.parent?.name() !== 'alias',
    );
    expect(mutating.length).toBeGreaterThan(20);
    for (const command of mutating)
      expect(
        command.options.map((option) => option.long),
        command.name(),
      ).toContain('--dry-run');
  });

  it('prints the method, URL, headers and body the SDK would send, and sends nothing', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('assistants', 'create', '--data', '{"name":"Desk"}', '--dry-run')).toBe(0);
    expect(cli.stdout.text).toMatch(/^POST https:\/\/api\.vapi\.ai\/assistant\n/);
    expect(cli.stdout.text).toContain('authorization: Bearer [redacted]\n');
    expect(cli.stdout.text).toContain('content-type: application/json\n');
    expect(cli.stdout.text).toContain('\n{\n  "name": "Desk"\n}\n');
    expect(cli.stdout.text + cli.stderr.text).not.toContain(TOKEN);
    expect(cli.stderr.text).toBe('dry run: nothing was sent\n');
    expect(fake.state.requests).toEqual([]);
  });

  it('update, delete (no confirmation needed) and calls create as JSON', async () => {
    const update = harness({ env: authed });
    expect(
      await update.run('assistants', 'update', 'a1', '--data', '{"name":"B"}', '--dry-run', '--json'),
    ).toBe(0);
    expect(JSON.parse(update.stdout.text)).toMatchObject({
      method: 'PATCH',
      url: 'https://api.vapi.ai/assistant/a1',
      body: { name: 'B' },
    });
    const remove = harness({ env: authed });
    expect(await remove.run('assistants', 'delete', 'a1', '--dry-run')).toBe(0);
    expect(remove.stdout.text).toMatch(/^DELETE https:\/\/api\.vapi\.ai\/assistant\/a1\n/);
    const call = harness({ env: authed });
    expect(
      await call.run(
        'calls',
        'create',
        '--assistant',
        A1_UUID,
        '--phone-number',
        'p1',
        '--to',
        '+61400000000',
        '--dry-run',
        '--json',
      ),
    ).toBe(0);
    expect(JSON.parse(call.stdout.text)).toMatchObject({
      method: 'POST',
      url: 'https://api.vapi.ai/call',
      body: { assistantId: A1_UUID, phoneNumberId: 'p1', customer: { number: '+61400000000' } },
    });
    expect(fake.state.requests).toEqual([]);
    expect(fake.state.assistants.has('a1')).toBe(true);
  });

  it('summarises an upload’s multipart body instead of printing the bytes', async () => {
    const cli = harness({ env: authed, stdin: 'x'.repeat(5000) });
    expect(await cli.run('files', 'create', '-', '--name', 'faq.pdf', '--dry-run', '--json')).toBe(0);
    expect(JSON.parse(cli.stdout.text)).toMatchObject({
      method: 'POST',
      url: 'https://api.vapi.ai/file',
      body: { file: { file: 'faq.pdf', type: 'application/pdf', bytes: 5000 } },
    });
    expect(fake.state.requests).toEqual([]);
  });

  it('still checks the input first: a bad body is exit 2', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('assistants', 'create', '--data', '{bad', '--dry-run')).toBe(2);
    expect(cli.stdout.text).toBe('');
  });
});
