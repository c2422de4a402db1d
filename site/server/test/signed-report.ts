// Vapi's end-of-call report, signed with the SDK's `signWebhook` and posted to the site's
// `/api/vapi/events`: the one way server tests deliver a call report.
import { signWebhook, type WebhookCredential } from '@voxdesk/sdk/webhooks';

/** What a test may set on a report: the call's fields, and any other field of the message. */
export interface ReportFields {
  assistantId?: string;
  /** Extra fields of `message.call` (type, assistantOverrides, ...); `null` sends no call. */
  call?: Record<string, unknown> | null;
  /** Replaces the short transcript. */
  transcript?: string;
  [field: string]: unknown;
}

/** The JSON text of an end-of-call report for `callId`, with a summary and a short transcript. */
export function endOfCallReport(callId: string, fields: ReportFields = {}): string {
  const { assistantId = 'asst_demo', call, transcript = 'AI: Hello\nUser: Hi', ...message } = fields;
  return JSON.stringify({
    message: {
      type: 'end-of-call-report',
      ...(call === null ? {} : { call: { id: callId, assistantId, ...call } }),
      endedReason: 'customer-ended-call',
      analysis: { summary: `Summary of ${callId}` },
      artifact: { transcript },
      ...message,
    },
  });
}

/** An HMAC-SHA256 credential over `secret`, the plan the site's tests configure. */
export const hmacCredential = (secret: string): WebhookCredential => ({
  type: 'hmac',
  algorithm: 'sha256',
  secretKey: secret,
});

/**
 * Signs `body` (a report or any server message) as Vapi does and POSTs it to
 * `<baseUrl>/api/vapi/events`. A string credential is an HMAC secret. The answer's body is
 * left unread for the caller.
 */
export async function postSignedEvent(
  baseUrl: string,
  credential: WebhookCredential | string,
  body: string,
): Promise<Response> {
  const plan = typeof credential === 'string' ? hmacCredential(credential) : credential;
  const signed = await signWebhook(plan, { body });
  return fetch(`${baseUrl}/api/vapi/events`, { method: 'POST', headers: signed.headers, body: signed.body });
}
