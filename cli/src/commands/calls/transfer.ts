import { UsageError } from '../../errors.ts';
import { transferDestination } from '../../input/e164.ts';
import type { Deps } from '../shared.ts';
import { control } from './control.ts';
import type { TransferOpts } from './index.ts';

/** `calls transfer <id> <number>`: hand a live call to a number or SIP URI. */
export async function run(opts: TransferOpts, deps: Deps): Promise<void> {
  const { number: to, message } = opts;
  const destination = transferDestination(to);
  if (!destination)
    throw new UsageError(
      `<number> must be an E.164 number such as +61400000000 or a SIP URI such as sip:desk@example.com, not ${to}`,
    );
  await control(
    opts,
    deps,
    (call) => call.transfer(destination, message ? { content: message } : {}),
    `Transferred to ${to}`,
  );
}
