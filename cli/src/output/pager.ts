import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { once } from 'node:events';
import { delimiter, isAbsolute, join } from 'node:path';
import type { Command } from 'commander';
import type { Factory } from '../factory.ts';

/** A running pager: `stop()` ends its input and waits for the user to quit it. */
export interface Pager {
  stop(): Promise<void>;
}

/** Commands whose output can run past a screen: lists, records, summaries, logs (not followed). */
export function wantsPager(command: Command): boolean {
  if (command.name() === 'logs') return command.getOptionValue('follow') !== true;
  return ['list', 'get', 'summary'].includes(command.name()) && command.parent?.name() !== 'alias';
}

/**
 * The pager to run, as gh picks it: `VOXDESK_PAGER`, then `PAGER`, then `less`; none when
 * stdout is not a terminal, with `--no-pager` or `NO_PAGER`, or when the pager is `cat` or empty.
 */
export function pagerCommand(
  env: Record<string, string | undefined>,
  isStdoutTTY: boolean,
  flag: boolean | undefined,
): string | undefined {
  if (!isStdoutTTY || flag === false || (env.NO_PAGER !== undefined && env.NO_PAGER !== '')) return undefined;
  const command = (env.VOXDESK_PAGER ?? env.PAGER ?? 'less').trim();
  return command === '' || command === 'cat' ? undefined : command;
}

/** Whether the pager's program exists on PATH: a missing one must not swallow the output. */
async function onPath(command: string, env: Record<string, string | undefined>): Promise<boolean> {
  const program = /^\S+/.exec(command)?.[0] ?? '';
  // A shell line (`sed … > file`, `LESS=x less`) is trusted as written.
  if (program.includes('=')) return true;
  const candidates = isAbsolute(program)
    ? [program]
    : (env.PATH ?? '').split(delimiter).map((dir) => join(dir, program));
  for (const candidate of candidates) {
    if (
      await access(candidate, constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return true;
  }
  return false;
}

/**
 * Sends stdout through the pager until `stop()`. `less` gets `LESS=FRX` unless the user set
 * LESS (as gh): quit when it fits one screen, keep colours, leave the text on the screen.
 */
export async function startPager(factory: Factory, command: string): Promise<Pager | undefined> {
  const { io, env } = factory;
  if (!(await onPath(command, env))) {
    // Only a pager the user named is worth a warning; no `less` installed just means no pager.
    if (env.VOXDESK_PAGER !== undefined || env.PAGER !== undefined)
      io.stderr.write(`! pager "${command}" not found; set VOXDESK_PAGER or PAGER, or use --no-pager\n`);
    return undefined;
  }
  const child = spawn(command, {
    shell: true,
    stdio: ['pipe', 'inherit', 'inherit'],
    env: { ...env, LESS: env.LESS ?? 'FRX', LV: env.LV ?? '-c' },
  });
  const exited = once(child, 'close').catch(() => undefined);
  // The user quit the pager before the end: the rest of the output has no reader, no error.
  child.stdin.on('error', () => undefined);
  const original = io.stdout;
  io.stdout = child.stdin;
  return {
    async stop() {
      child.stdin.end();
      await exited;
      io.stdout = original;
    },
  };
}
