import { describe, expect, it } from 'vitest';
import { harness } from './harness.ts';
import { authed, plain, useFakeVapi } from './fake-api.ts';

const fake = useFakeVapi({ assistants: [{ name: 'Reception' }] });
const onlyId = () => [...fake.state.assistants.keys()][0]!;

describe('delete confirmation', () => {
  it('asks on a terminal and deletes on "y"', async () => {
    const id = onlyId();
    const cli = harness({ tty: true, env: plain, stdin: 'y\n' });
    expect(await cli.run('assistants', 'delete', id)).toBe(0);
    expect(cli.stderr.text).toContain(`? Delete assistant ${id}? [y/N] `);
    expect(cli.stderr.text).toContain(`✓ Deleted assistant ${id}`);
    expect(fake.state.assistants.size).toBe(0);
    expect(cli.stdout.text).toBe('');
  });

  it('keeps the record on anything but yes (exit 2)', async () => {
    const id = onlyId();
    for (const answer of ['n\n', '\n', 'maybe\n', '']) {
      const cli = harness({ tty: true, env: plain, stdin: answer });
      expect(await cli.run('assistants', 'delete', id)).toBe(2);
      expect(cli.stderr.text).toContain('cancelled; nothing was changed');
    }
    expect(fake.state.assistants.has(id)).toBe(true);
    expect(fake.state.requests.filter((request) => request.method === 'DELETE')).toEqual([]);
  });

  it('does not ask with --yes', async () => {
    const id = onlyId();
    const cli = harness({ tty: true, env: plain });
    expect(await cli.run('assistants', 'rm', id, '--yes')).toBe(0);
    expect(cli.stderr.text).not.toContain('[y/N]');
    expect(fake.state.assistants.size).toBe(0);
  });

  it('refuses without a terminal and without --yes: exit 2, nothing sent', async () => {
    const id = onlyId();
    const cli = harness({ env: authed, stdin: 'y\n' });
    expect(await cli.run('assistants', 'delete', id)).toBe(2);
    expect(cli.stderr.text).toBe(
      `voxdesk: Delete assistant ${id}: refusing without confirmation because this is not a terminal; pass --yes\n`,
    );
    expect(fake.state.requests).toEqual([]);
    const stdinOnly = harness({ tty: true, stdinTTY: false, env: plain });
    expect(await stdinOnly.run('assistants', 'delete', id)).toBe(2);
    expect(fake.state.assistants.has(id)).toBe(true);
  });

  it('deletes in a script with --yes and prints the deleted object with --json', async () => {
    const id = onlyId();
    const cli = harness({ env: authed });
    expect(await cli.run('assistants', 'delete', id, '-y', '--json')).toBe(0);
    expect(JSON.parse(cli.stdout.text)).toMatchObject({ id, name: 'Reception' });
    expect(fake.state.assistants.size).toBe(0);
  });

  it('checks the token before asking', async () => {
    const cli = harness({
      tty: true,
      env: { NO_COLOR: '1', XDG_CONFIG_HOME: '/nonexistent-voxdesk' },
      stdin: 'y\n',
    });
    expect(await cli.run('assistants', 'delete', onlyId())).toBe(4);
    expect(cli.stderr.text).not.toContain('[y/N]');
  });

  it('keeps an id with slashes inside its own path segment', async () => {
    const cli = harness({ env: authed });
    expect(await cli.run('assistants', 'delete', '../call/x', '--yes')).toBe(1);
    expect(cli.stderr.text).toContain('404');
    expect(fake.state.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'DELETE /assistant/..%2Fcall%2Fx',
    ]);
  });
});

describe('dot segments never reach the API (issue 18)', () => {
  it.each(['..', '.', '%2e%2e', '%2E%2e'])(
    'assistants delete %s --yes is exit 2 and sends nothing',
    async (id) => {
      const before = fake.state.requests.length;
      const cli = harness({ env: authed });
      expect(await cli.run('assistants', 'delete', id, '--yes')).toBe(2);
      expect(cli.stdout.text).toBe('');
      // One guard, the SDK's path(): its one message.
      expect(cli.stderr.text).toBe(
        `voxdesk: Path parameter 1 of /assistant/{…} is "${id}", a dot segment that would change which endpoint is called. Pass the id of an existing record.\n`,
      );
      expect(cli.stderr.text).not.toContain('Deleted');
      expect(fake.state.requests.slice(before)).toEqual([]);
    },
  );
});
