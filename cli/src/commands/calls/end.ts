import type { Deps } from '../shared.ts';
import { control } from './control.ts';
import type { EndOpts } from './index.ts';

/** `calls end <id>`: hang up a live call. */
export async function run(opts: EndOpts, deps: Deps): Promise<void> {
  await control(opts, deps, (call) => call.endCall(), 'Ended the call');
}
