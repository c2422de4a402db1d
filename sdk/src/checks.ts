import { VapiArgumentError } from './errors.ts';

/**
 * The rules of the rows' `check` column, run by the generated method before anything is sent.
 * Each is its own export, so only programs calling that operation ship it.
 */

/** `assistant-or-squad` (`calls.createWeb`): the spec's rule for web calls. */
export function checkAssistantOrSquad(body: unknown): void {
  const has = (key: string) =>
    typeof body === 'object' && body !== null && key in body && Reflect.get(body, key) != null;
  if (!has('assistant') && !has('assistantId') && !has('squad') && !has('squadId')) {
    // Vapi's own wording, so the error reads the same with or without the SDK.
    throw new VapiArgumentError('Assistant or Squad must be provided.');
  }
}
