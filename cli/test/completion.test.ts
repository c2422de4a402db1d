import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { harness } from './harness.ts';

const exec = promisify(execFile);

async function script(shell: string): Promise<string> {
  const cli = harness();
  expect(await cli.run('completion', shell)).toBe(0);
  return cli.stdout.text;
}

describe('completion', () => {
  it('bash: completes commands, verbs, flags and api paths', async () => {
    const text = await script('bash');
    expect(text).toContain('complete -o default -F _voxdesk voxdesk');
    // Run the function in a real bash and ask it for completions.
    const ask = async (...words: string[]) => {
      const program = `${text}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _voxdesk; printf '%s\\n' "\${COMPREPLY[@]}"`;
      const { stdout } = await exec('bash', ['-c', program]);
      return stdout.trim().split('\n');
    };
    expect(await ask('voxdesk', 'ass')).toEqual(['assistants']);
    expect(await ask('voxdesk', 'assistants', 're')).toEqual(['replace']);
    expect(await ask('voxdesk', 'assistants', 'list', '--a')).toEqual(['--all']);
    expect(await ask('voxdesk', 'api', 'GET', '/knowledge-b')).toEqual([
      '/knowledge-base',
      '/knowledge-base/{id}',
    ]);
  });

  it('zsh and fish scripts cover every command', async () => {
    const zsh = await script('zsh');
    expect(zsh.startsWith('#compdef voxdesk')).toBe(true);
    const fish = await script('fish');
    for (const command of [
      'assistants',
      'calls',
      'tokens',
      'phone-numbers',
      'squads',
      'tools',
      'files',
      'knowledge-bases',
      'api',
      'login',
    ]) {
      expect(zsh).toContain(`'${command}:`);
      expect(fish).toContain(`-a ${command} `);
    }
    expect(fish).toContain(
      "__fish_seen_subcommand_from calls; and __fish_seen_subcommand_from create' -l phone-number",
    );
  });

  it('rejects an unknown shell with exit 2', async () => {
    const cli = harness();
    expect(await cli.run('completion', 'powershell')).toBe(2);
    expect(cli.stderr.text).toContain('Allowed choices are bash, zsh, fish');
  });
});
