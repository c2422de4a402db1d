import { CancelledError, UsageError } from '../errors.ts';
import type { IOStreams } from '../factory.ts';
import { confirm } from '../input/prompt.ts';

/**
 * Deletes ask on a terminal unless `--yes`. Without a terminal there is nobody to ask,
 * so they refuse (exit 2) instead of guessing.
 */
export async function confirmDestructive(io: IOStreams, yes: boolean, question: string): Promise<void> {
  if (yes) return;
  if (!io.isStdinTTY || !io.isStdoutTTY) {
    throw new UsageError(
      `${question.replace(/\?$/, '')}: refusing without confirmation because this is not a terminal; pass --yes`,
    );
  }
  if (!(await confirm(io, question))) throw new CancelledError();
}
