import { execFile } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complete } from '../src/commands/completion/complete.ts';
import { buildProgram } from '../src/program.ts';
import { harness, tempConfigHome } from './harness.ts';
import { startFakeVapiServer, type FakeVapiServer } from '@voxdesk/vapi-mock';
import { writeConfig } from '../src/config.ts';

const exec = promisify(execFile);
const program = buildProgram(harness().factory);
const values = async (...words: string[]) => (await complete(program, words)).candidates.map(([v]) => v);

async function script(shell: string): Promise<string> {
  const cli = harness();
  expect(await cli.run('completion', shell)).toBe(0);
  return cli.stdout.text;
}

describe('voxdesk __complete (the one engine every shell script calls)', () => {
  it('completes commands, verbs, aliases, flags and flag values', async () => {
    expect(await values('ass')).toEqual(['assistants']);
    expect(await values('assistants', 're')).toEqual(['replace']);
    // An alias leads to its command's flags.
    expect(await values('assistants', 'ls', '--a')).toEqual(['--all']);
    // A leading global flag (with its value) does not hide the command.
    expect(await values('--base-url', 'http://x', 'assistants', 'li')).toEqual(['list']);
    expect(await values('--verbose', 'assistants', 'list', '--li')).toEqual(['--limit']);
    expect(await values('completion', '')).toEqual(['bash', 'zsh', 'fish', 'powershell']);
    expect(await values('api', 'GET', '/knowledge-b')).toEqual(['/knowledge-base', '/knowledge-base/{id}']);
  });

  it('asks the shell for file paths where a path goes', async () => {
    expect((await complete(program, ['files', 'create', ''])).files).toBe(true);
    expect((await complete(program, ['files', 'upload', ''])).files).toBe(true);
    expect((await complete(program, ['assistants', 'create', '--file', ''])).files).toBe(true);
    expect((await complete(program, ['assistants', 'get', ''])).files).toBe(false);
  });

  it('prints value<TAB>description lines with colons intact, then the directive', async () => {
    const cli = harness();
    expect(await cli.run('__complete', 'completion')).toBe(0);
    expect(cli.stdout.text).toContain('completion\tPrint a shell completion script: commands');
    expect(cli.stdout.text.trimEnd().split('\n').at(-1)).toBe(':done');
  });
});

describe('completion scripts in the real shells', () => {
  let home: Awaited<ReturnType<typeof tempConfigHome>>;
  let env: NodeJS.ProcessEnv;
  let cwd: string;
  beforeAll(async () => {
    home = await tempConfigHome();
    // `voxdesk` on the PATH runs this checkout's sources on this Node.
    const bin = join(home.dir, 'bin');
    await mkdir(bin);
    const entry = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
    await writeFile(
      join(bin, 'voxdesk'),
      `#!/bin/sh\nexec "${process.execPath}" --conditions=source "${entry}" "$@"\n`,
    );
    await chmod(join(bin, 'voxdesk'), 0o755);
    cwd = join(home.dir, 'work');
    await mkdir(cwd);
    await writeFile(join(cwd, 'faq.pdf'), 'x');
    env = { PATH: `${bin}:${process.env.PATH}`, HOME: home.dir, XDG_CONFIG_HOME: home.dir };
  });
  afterAll(() => home.cleanup());

  const run = async (shell: string, program: string) =>
    (await exec(shell, ['-c', program], { env, cwd, timeout: 30_000 })).stdout;

  it(
    'bash: commands, aliases, leading global flags, completion <TAB>, file paths',
    { timeout: 60_000 },
    async () => {
      const text = await script('bash');
      const ask = async (...words: string[]) => {
        const program = `${text}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _voxdesk; printf '%s\\n' "\${COMPREPLY[@]}"`;
        return (await run('bash', program)).trim().split('\n');
      };
      expect(await ask('voxdesk', 'ass')).toEqual(['assistants']);
      expect(await ask('voxdesk', 'assistants', 'ls', '--a')).toEqual(['--all']);
      expect(await ask('voxdesk', '--verbose', 'assistants', 'li')).toEqual(['list']);
      expect(await ask('voxdesk', 'completion', '')).toEqual(['bash', 'zsh', 'fish', 'powershell']);
      expect(await ask('voxdesk', 'files', 'create', 'fa')).toEqual(['faq.pdf']);
      expect(await ask('voxdesk', 'api', 'GET', '/knowledge-b')).toEqual([
        '/knowledge-base',
        '/knowledge-base/{id}',
      ]);
    },
  );

  it('zsh: described candidates keep their colons; paths go to _files', { timeout: 60_000 }, async () => {
    const text = await script('zsh');
    expect(text.startsWith('#compdef voxdesk')).toBe(true);
    // Stand-ins for the completion system's functions print what they were given.
    const ask = (...words: string[]) =>
      run(
        'zsh',
        `compdef() { :; }
_describe() { print -rl -- "\${(@P)\${@[-1]}}"; }
_files() { print -r -- FILES; }
${text}
words=(${words.map((w) => `'${w}'`).join(' ')}); CURRENT=${words.length}; _voxdesk`,
      );
    expect(await ask('voxdesk', 'files', 'create', '')).toBe('FILES\n');
    expect(await ask('voxdesk', 'assistants', 'create', '--file', '')).toBe('FILES\n');
    expect(await ask('voxdesk', 'complet')).toBe(
      'completion:Print a shell completion script: commands, flags, values, profiles, ids and paths.\n',
    );
    expect(await ask('voxdesk', 'completion', '')).toBe('bash\nzsh\nfish\npowershell\n');
    expect(await ask('voxdesk', '--verbose', 'assistants', 'ls', '--a')).toContain('--all:');
  });

  it('zsh: an interactive zsh (zpty) with compinit completes from the autoloaded file', async () => {
    const functions = join(home.dir, 'zfunc');
    await mkdir(functions, { recursive: true });
    await writeFile(join(functions, '_voxdesk'), await script('zsh'));
    // Types a line and TAB into a real interactive zsh, then reads the screen until `want` shows.
    const typed = async (line: string, want: string) =>
      run(
        'zsh',
        `zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z "fpath=(${functions} $fpath); autoload -Uz compinit; compinit -u -D; PS1='>'"
zpty -w -n z $'${line}\t'
screen=''
for i in {1..100}; do
  while zpty -r -t z chunk; do screen+=$chunk; done
  [[ $screen == *${want}* ]] && break
  sleep 0.1
done
zpty -d z
print -r -- "$screen"`,
      );
    expect(await typed('voxdesk files create fa', 'faq.pdf')).toContain('voxdesk files create faq.pdf');
    expect(await typed('voxdesk completion ', 'powershell')).toMatch(/bash\s+fish\s+powershell\s+zsh/);
  }, 60_000);

  it('fish: commands with descriptions, file paths, completion <TAB>', { timeout: 60_000 }, async () => {
    const text = await script('fish');
    const ask = (line: string) => run('fish', `${text}\ncomplete -C '${line}'`);
    expect(await ask('voxdesk files create fa')).toBe('faq.pdf\n');
    expect(await ask('voxdesk assistants create --file fa')).toBe('faq.pdf\n');
    expect(await ask('voxdesk completion ')).toBe('bash\nfish\npowershell\nzsh\n'); // fish sorts
    expect(await ask('voxdesk complet')).toBe(
      'completion\tPrint a shell completion script: commands, flags, values, profiles, ids and paths.\n',
    );
    expect(await ask('voxdesk --verbose assistants li')).toMatch(/^list\t/);
  });

  it('powershell: a native argument completer that asks voxdesk __complete (pwsh is not installed here)', async () => {
    const text = await script('powershell');
    expect(text).toContain('Register-ArgumentCompleter -Native -CommandName voxdesk');
    expect(text).toContain('voxdesk __complete @words');
    expect(text).toContain("if ($out[-1] -eq ':files')");
  });
});

describe('completion of profiles and ids in the real shells (the fake Vapi on loopback)', () => {
  let home: Awaited<ReturnType<typeof tempConfigHome>>;
  let server: FakeVapiServer;
  let env: NodeJS.ProcessEnv;
  let reception: string;
  beforeAll(async () => {
    home = await tempConfigHome();
    const token = 'sk-shell-completion';
    server = await startFakeVapiServer({ token, seed: { assistants: [{ name: 'Reception' }] } });
    reception = [...server.state.assistants.values()][0]!.id;
    // The active profile points at the fake: its token goes only there.
    await writeConfig(join(home.dir, 'voxdesk', 'config.json'), {
      profiles: { fake: { token, baseUrl: server.url } },
      profile: 'fake',
    });
    const bin = join(home.dir, 'bin');
    await mkdir(bin);
    const entry = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
    await writeFile(
      join(bin, 'voxdesk'),
      `#!/bin/sh\nexec "${process.execPath}" --conditions=source "${entry}" "$@"\n`,
    );
    await chmod(join(bin, 'voxdesk'), 0o755);
    env = { PATH: `${bin}:${process.env.PATH}`, HOME: home.dir, XDG_CONFIG_HOME: home.dir };
  });
  afterAll(async () => {
    await server.close();
    await home.cleanup();
  });
  const run = async (shell: string, program: string) =>
    (await exec(shell, ['-c', program], { env, cwd: home.dir, timeout: 30_000 })).stdout;

  it('bash: --profile <TAB>, an id and a name from the account', { timeout: 60_000 }, async () => {
    const text = await script('bash');
    const ask = async (...words: string[]) => {
      const program = `${text}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _voxdesk; printf '%s\\n' "\${COMPREPLY[@]}"`;
      return (await run('bash', program)).trim().split('\n');
    };
    expect(await ask('voxdesk', '--profile', '')).toEqual(['fake']);
    expect(await ask('voxdesk', 'auth', 'switch', 'f')).toEqual(['fake']);
    expect(await ask('voxdesk', 'assistants', 'get', '')).toEqual([reception]);
    expect(await ask('voxdesk', 'calls', 'create', '--assistant', 'Rec')).toEqual(['Reception']);
    expect(await ask('voxdesk', 'config', 'set', 'output', '')).toEqual(['table', 'json']);
  });

  it('zsh: an interactive zsh (zpty) completes a profile and an id', { timeout: 60_000 }, async () => {
    const functions = join(home.dir, 'zfunc');
    await mkdir(functions, { recursive: true });
    await writeFile(join(functions, '_voxdesk'), await script('zsh'));
    const typed = async (line: string, want: string) =>
      run(
        'zsh',
        `zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z "fpath=(${functions} $fpath); autoload -Uz compinit; compinit -u -D; PS1='>'"
zpty -w -n z $'${line}\t'
screen=''
for i in {1..150}; do
  while zpty -r -t z chunk; do screen+=$chunk; done
  [[ $screen == *'${want}'* ]] && break
  sleep 0.1
done
zpty -d z
print -r -- "$screen"`,
      );
    expect(await typed('voxdesk --profile fa', '--profile fake')).toContain('voxdesk --profile fake');
    expect(await typed(`voxdesk assistants get ${reception.slice(0, 8)}`, reception)).toContain(
      `voxdesk assistants get ${reception}`,
    );
  });
});

it('an unknown shell is exit 2 naming the choices', async () => {
  const cli = harness();
  expect(await cli.run('completion', 'tcsh')).toBe(2);
  expect(cli.stderr.text).toContain('Allowed choices are bash, zsh, fish, powershell');
  // The choices are the declaration's: each parses to its shell, tcsh never reaches the run.
  for (const shell of ['bash', 'zsh', 'fish', 'powershell'])
    expect((await harness().parse('completion', shell)).parsed?.opts).toEqual({ shell });
  expect((await harness().parse('completion', 'tcsh')).parsed).toBeUndefined();
});
