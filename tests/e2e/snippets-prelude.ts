/**
 * What a docs page's `<!-- snippet-prelude: … -->` may name: the surrounding code a reader
 * would have, with real values. docs-snippets.spec.ts seeds the fake Vapi with the records
 * SNIPPET_IDS names and sets VAPI_TOKEN, VAPI_BASE_URL and VAPI_WEBHOOK_SECRET.
 */
import { Vapi } from '@voxdesk/sdk';

/** The seeded records' ids (fixed, so the spec and this module agree without talking). */
export const SNIPPET_IDS = {
  assistant: '5f0c1a5e-0000-4000-8000-000000000001',
  otherAssistant: '5f0c1a5e-0000-4000-8000-000000000002',
  phoneNumber: '5f0c1a5e-0000-4000-8000-000000000003',
  call: '5f0c1a5e-0000-4000-8000-000000000004',
} as const;

export const token = process.env.VAPI_TOKEN ?? '';
export const vapi = new Vapi({ token, baseUrl: process.env.VAPI_BASE_URL });
export const id: string = SNIPPET_IDS.assistant;
export const otherId: string = SNIPPET_IDS.otherAssistant;
export const assistantId: string = SNIPPET_IDS.assistant;
export const phoneNumberId: string = SNIPPET_IDS.phoneNumber;
export const callId: string = SNIPPET_IDS.call;
export const publicKey = 'pk-docs-snippet';
export const body = { name: 'Reception' };
export const email = 'nina@example.com';
export const password = 'correct horse battery staple';
export const input: { files: File[] | null } = { files: [new File(['Opening hours: 8 to 6.'], 'faq.txt')] };
export const bytes = new TextEncoder().encode('Opening hours: 8 to 6.');
export const blob: Blob = new Blob(['Opening hours: 8 to 6.'], { type: 'text/plain' });
export const stream: ReadableStream<Uint8Array> = new Blob(['Opening hours: 8 to 6.']).stream();
export const sample1: Blob = new Blob(['Opening hours: 8 to 6.'], { type: 'text/plain' });
export const sample2: Blob = new Blob(['Parking behind the clinic.'], { type: 'text/plain' });
export const startedAt = new Date(Date.now() - 7 * 24 * 3600 * 1000);
export const secrets = { current: (name: string) => process.env[name] ?? `secret-of-${name}` };
export const suiteId = '5f0c1a5e-0000-4000-8000-0000000000a1';
export const runId = '5f0c1a5e-0000-4000-8000-0000000000a2';
export const myFetch: typeof fetch = (input, init) => fetch(input, init);
