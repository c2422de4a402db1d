import type { Vapi } from '@voxdesk/sdk';
import type { CallControl, ControllableCall } from '@voxdesk/sdk/control';
import { AuthError } from '../../errors.ts';
import { printStatus } from '../../output/print.ts';
import { withSpinner } from '../../output/spinner.ts';
import type { Deps } from '../shared.ts';

/** What every control verb takes: the call, and how to reach its control URL. */
interface ControlFlags {
  id: string;
  dryRun?: boolean | undefined;
  publicKey?: string | undefined;
}

/**
 * Runs one live-call-control message through the SDK's `callControl` (no second client):
 * the call is read with the API token, the message goes to its `monitor.controlUrl` with no
 * API token (only `--public-key` / VAPI_PUBLIC_KEY, when the assistant requires one).
 * `--dry-run` still reads the call (a GET, to learn its control URL) and prints the POST.
 */
export async function control(
  flags: ControlFlags,
  deps: Deps,
  act: (control: CallControl) => Promise<void>,
  done: string,
): Promise<void> {
  const { id } = flags;
  const publicKey = flags.publicKey ?? (deps.env.VAPI_PUBLIC_KEY || undefined);
  const { callControl } = await import('@voxdesk/sdk/control');
  const { vapi } = await deps.client();
  const call = (await vapi.calls.get(id)) as ControllableCall;
  const controlOf = (client: Vapi) => callControl(client, call, { publicKey });
  if (flags.dryRun) {
    // Fails before sending when the call has no control URL, as the real run would.
    await controlOf(vapi).controlUrl();
    return (await import('../dry-run.ts')).dryRun(deps, undefined, (dry) => act(controlOf(dry)));
  }
  try {
    await withSpinner(deps.io, `${done} (call ${id})`, () => act(controlOf(vapi)));
  } catch (error) {
    // A 401 here is the control URL's, not the API token's: say which key it wants.
    const { AuthenticationError } = await import('@voxdesk/sdk');
    if (error instanceof AuthenticationError)
      throw new AuthError(
        `the control URL of call ${id} refused the message (401): its assistant has monitorPlan.controlAuthenticationEnabled; ${publicKey ? 'check that --public-key / VAPI_PUBLIC_KEY is a public key of this org' : 'pass your public key with --public-key or VAPI_PUBLIC_KEY'}`,
      );
    throw error;
  }
  printStatus(deps, `${done}: call ${id}`);
}
