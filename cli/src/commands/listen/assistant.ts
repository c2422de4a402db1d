import { idForName } from '../names.ts';
import type { Deps } from '../shared.ts';

type Server = Record<string, unknown>;

/**
 * `listen --assistant <id>`: points the assistant's server URL at `url` (the user's tunnel) for
 * the session, keeping the rest of its `server` (secret, headers, timeout), and gives back the
 * function that restores what it was — `server: null` unsets one that was not there, as a
 * PATCH null does at Vapi. The caller runs it on every way out, Ctrl-C included.
 */
export async function borrowServerUrl(
  deps: Pick<Deps, 'io' | 'client'>,
  assistantId: string,
  url: string,
): Promise<() => Promise<void>> {
  const { vapi } = await deps.client();
  assistantId = await idForName(vapi, 'assistants', assistantId, '--assistant');
  const assistant = (await vapi.assistants.get(assistantId)) as { name?: string; server?: Server };
  const previous = assistant.server ?? null;
  type Patch = Parameters<typeof vapi.assistants.update>[1];
  // why: the SDK's DTO does not admit null, which Vapi takes as "unset" in a PATCH.
  const setServer = (server: Server | null) => vapi.assistants.update(assistantId, { server } as Patch);
  await setServer({ ...previous, url });
  const label = assistant.name ? `${assistant.name} (${assistantId})` : assistantId;
  const was = typeof previous?.url === 'string' ? previous.url : 'none';
  deps.io.stderr.write(`Server URL of ${label} set to ${url} for this session (was ${was}).\n`);
  return async () => {
    await setServer(previous);
    deps.io.stderr.write(`Restored the server URL of ${label} (${was}).\n`);
  };
}
