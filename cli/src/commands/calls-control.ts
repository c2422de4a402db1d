import type { Command } from 'commander';
import type { Vapi } from '@voxdesk/sdk';
import type { CallControl, ControllableCall } from '@voxdesk/sdk/control';
import { AuthError, UsageError } from '../errors.ts';
import type { Factory } from '../factory.ts';
import { printStatus } from '../output/print.ts';
import { withSpinner } from '../output/spinner.ts';
import { transferDestination } from '../input/e164.ts';
import { globalsOf } from './shared.ts';

interface ControlFlags {
  dryRun?: boolean;
  publicKey?: string;
}

/**
 * Runs one live-call-control message through the SDK's `callControl` (no second client):
 * the call is read with the API token, the message goes to its `monitor.controlUrl` with no
 * API token (only `--public-key` / VAPI_PUBLIC_KEY, when the assistant requires one).
 * `--dry-run` still reads the call (a GET, to learn its control URL) and prints the POST.
 */
async function control(
  factory: Factory,
  command: Command,
  act: (control: CallControl) => Promise<void>,
  done: string,
): Promise<void> {
  const id = command.processedArgs[0] as string;
  const flags = command.opts<ControlFlags>();
  const publicKey = flags.publicKey ?? (factory.env.VAPI_PUBLIC_KEY || undefined);
  const { callControl } = await import('@voxdesk/sdk/control');
  const { vapi } = await factory.getClient(globalsOf(command));
  const call = (await vapi.calls.get(id)) as ControllableCall;
  const controlOf = (client: Vapi) => callControl(client, call, { publicKey });
  if (flags.dryRun) {
    // Fails before sending when the call has no control URL, as the real run would.
    await controlOf(vapi).controlUrl();
    return (await import('./dry-run.ts')).dryRun(factory, command, (dry) => act(controlOf(dry)));
  }
  try {
    await withSpinner(factory.io, `${done} (call ${id})`, () => act(controlOf(vapi)));
  } catch (error) {
    // A 401 here is the control URL's, not the API token's: say which key it wants.
    const { AuthenticationError } = await import('@voxdesk/sdk');
    if (error instanceof AuthenticationError)
      throw new AuthError(
        `the control URL of call ${id} refused the message (401): its assistant has monitorPlan.controlAuthenticationEnabled; ${publicKey ? 'check that --public-key / VAPI_PUBLIC_KEY is a public key of this org' : 'pass your public key with --public-key or VAPI_PUBLIC_KEY'}`,
      );
    throw error;
  }
  printStatus(factory, `${done}: call ${id}`);
}

export async function say(factory: Factory, command: Command): Promise<void> {
  const text = command.processedArgs[1] as string;
  const { endAfter } = command.opts<{ endAfter?: boolean }>();
  if (!text.trim()) throw new UsageError('nothing to say: give the text as the second argument');
  await control(
    factory,
    command,
    (call) => call.say(text, endAfter ? { endCallAfterSpoken: true } : {}),
    endAfter ? 'Said it; the call ends after it' : 'Said it',
  );
}

export async function end(factory: Factory, command: Command): Promise<void> {
  await control(factory, command, (call) => call.endCall(), 'Ended the call');
}

export async function transfer(factory: Factory, command: Command): Promise<void> {
  const to = command.processedArgs[1] as string;
  const { message } = command.opts<{ message?: string }>();
  const destination = transferDestination(to);
  if (!destination)
    throw new UsageError(
      `<number> must be an E.164 number such as +61400000000 or a SIP URI such as sip:desk@example.com, not ${to}`,
    );
  await control(
    factory,
    command,
    (call) => call.transfer(destination, message ? { content: message } : {}),
    `Transferred to ${to}`,
  );
}
