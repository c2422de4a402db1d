import type { CallEvent } from './call-state.ts';

/**
 * Maps a Vapi `message` event to a transcript event: `{ type: 'transcript', role,
 * transcriptType: 'partial' | 'final', transcript }` or `{ type: 'assistant-message',
 * content }`. Everything else (status updates, tool calls, conversation updates) is not
 * shown in the transcript and maps to undefined.
 */
export function callEventFromMessage(message: unknown, at: string): CallEvent | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const m = message as Record<string, unknown>;
  if (m.type === 'transcript') {
    const text = typeof m.transcript === 'string' ? m.transcript.trim() : '';
    if (!text || (m.role !== 'user' && m.role !== 'assistant')) return undefined;
    return { type: 'transcript', role: m.role, final: m.transcriptType !== 'partial', text, at };
  }
  if (m.type === 'assistant-message') {
    const text = typeof m.content === 'string' ? m.content.trim() : '';
    return text ? { type: 'assistant-message', text, at } : undefined;
  }
  return undefined;
}
