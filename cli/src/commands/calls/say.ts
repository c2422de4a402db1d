import { UsageError } from '../../errors.ts';
import type { Deps } from '../shared.ts';
import { control } from './control.ts';
import type { SayOpts } from './index.ts';

/** `calls say <id> <text>`: the assistant says it now (and hangs up with --end-after). */
export async function run(opts: SayOpts, deps: Deps): Promise<void> {
  const { text, endAfter } = opts;
  if (!text.trim()) throw new UsageError('nothing to say: give the text as the second argument');
  await control(
    opts,
    deps,
    (call) => call.say(text, endAfter ? { endCallAfterSpoken: true } : {}),
    endAfter ? 'Said it; the call ends after it' : 'Said it',
  );
}
