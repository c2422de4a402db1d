import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { buildProgram, VERSION } from '../src/program.ts';
import { harness } from './harness.ts';

describe('help and version', () => {
  it('prints the package version', async () => {
    const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    const cli = harness();
    expect(await cli.run('--version')).toBe(0);
    expect(cli.stdout.text).toBe(`${pkg.version}\n`);
    expect(VERSION).toBe(pkg.version);
  });

  it('shows the command list with examples when run bare, exit 0', async () => {
    const cli = harness();
    expect(await cli.run()).toBe(0);
    expect(cli.stdout.text).toContain('Usage: voxdesk');
    expect(cli.stdout.text).toMatch(/Examples:\n\s+\$ voxdesk login/);
    expect(cli.stderr.text).toBe('');
  });

  /** Every command path in the tree, e.g. ['assistants', 'list']. */
  const paths = (command: Command, prefix: string[] = []): string[][] =>
    command.commands.flatMap((child) => [
      [...prefix, child.name()],
      ...paths(child, [...prefix, child.name()]),
    ]);
  const everyCommand = paths(buildProgram(harness().factory));

  it('the tree has every resource verb', () => {
    const names = everyCommand.map((path) => path.join(' '));
    for (const resource of [
      'assistants',
      'calls',
      'tokens',
      'phone-numbers',
      'squads',
      'tools',
      'files',
      'knowledge-bases',
    ]) {
      for (const verb of ['list', 'get', 'create', 'update', 'delete'])
        expect(names).toContain(`${resource} ${verb}`);
    }
    expect(names).toEqual(
      expect.arrayContaining([
        'assistants replace',
        'calls web',
        'api',
        'login',
        'logout',
        'auth status',
        'completion',
      ]),
    );
  });

  it.each(everyCommand.map((path) => [path.join(' '), path]))(
    '%s --help has examples',
    async (_name, path) => {
      const cli = harness();
      expect(await cli.run(...(path as string[]), '--help')).toBe(0);
      expect(cli.stdout.text).toMatch(/Examples:\n\s+\$ (cat .* \| |mkdir -p \S+ && )?voxdesk /);
    },
  );

  it('an unknown command is a usage error (exit 2) with a suggestion', async () => {
    const cli = harness();
    expect(await cli.run('asistants', 'list')).toBe(2);
    expect(cli.stderr.text).toContain("unknown command 'asistants'");
    expect(cli.stderr.text).toContain('assistants');
  });

  it('a bad flag value is a usage error naming the flag', async () => {
    const cli = harness();
    expect(await cli.run('assistants', 'list', '--limit', 'lots')).toBe(2);
    expect(cli.stderr.text).toContain("'--limit <n>' argument 'lots' is invalid");
    expect(cli.stderr.text).toContain('(add --help for usage and examples)');
    const timeout = harness();
    expect(await timeout.run('--timeout', 'soon', 'assistants', 'list')).toBe(2);
    expect(timeout.stderr.text).toContain('30s, 1500ms or 2m');
  });
});

describe('help is consistent, as in gh (defect 8)', () => {
  it('a group without a verb prints its help on stdout, exit 0, like bare voxdesk', async () => {
    for (const argv of [['assistants'], ['--verbose', 'calls'], ['auth']]) {
      const cli = harness();
      expect(await cli.run(...argv)).toBe(0);
      expect(cli.stdout.text).toContain(`Usage: voxdesk ${argv.at(-1)}`);
      expect(cli.stderr.text).toBe('');
    }
  });

  it('an unknown flag on a group is still a usage error (exit 2)', async () => {
    const cli = harness();
    expect(await cli.run('assistants', '--bogus')).toBe(2);
    expect(cli.stderr.text).toContain("unknown option '--bogus'");
  });

  it('help <group> <verb> shows the verb, not the group', async () => {
    const cli = harness();
    expect(await cli.run('help', 'assistants', 'list')).toBe(0);
    expect(cli.stdout.text).toContain('Usage: voxdesk assistants list|ls [options]');
    const viaAlias = harness();
    expect(await viaAlias.run('help', 'assistants', 'ls')).toBe(0);
    expect(viaAlias.stdout.text).toBe(cli.stdout.text);
  });

  it('help for an unknown command is a usage error naming it, exit 2, nothing on stdout', async () => {
    const cli = harness();
    expect(await cli.run('help', 'nothing')).toBe(2);
    expect(cli.stdout.text).toBe('');
    expect(cli.stderr.text).toContain("voxdesk: unknown command 'nothing'");
    const verb = harness();
    expect(await verb.run('help', 'assistants', 'lst')).toBe(2);
    expect(verb.stderr.text).toContain('(Did you mean one of list, ls?)');
  });
});
