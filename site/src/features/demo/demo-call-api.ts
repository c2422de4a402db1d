import type { DemoCallStart } from '../../../contract/api-types.ts';
import { api, call } from '../../shared/api/index.ts';
import type { ReceptionistId } from '../../content/demo.ts';
import type { ChatMessage } from './call-state.ts';

/**
 * Asks the server for a call: it counts it against the client's daily cap (a 429 with its own
 * words when reached) and answers the signed metadata and the longest duration the call carries.
 */
export function requestCallStart(receptionist: ReceptionistId, preview: boolean): Promise<DemoCallStart> {
  return call(api.demo.calls.$post({ json: { receptionist, preview } }));
}

/** A transcript in Vapi's own form (`AI: …` / `User: …` lines), so the admin screen shows both alike. */
export function transcriptText(messages: readonly ChatMessage[]): string {
  return messages
    .flatMap((m) =>
      m.role === 'assistant' ? [`AI: ${m.content}`] : m.role === 'user' ? [`User: ${m.content}`] : [],
    )
    .join('\n');
}

/** Records a finished preview call for the owner's admin screen, under its signed attribution. */
export function reportPreviewCall(attribution: string, durationSeconds: number, transcript: string) {
  return call(api.demo.calls['preview-report'].$post({ json: { attribution, durationSeconds, transcript } }));
}
