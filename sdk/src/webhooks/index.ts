/**
 * `@voxdesk/sdk/webhooks`: everything for a Vapi server URL — verification of every credential
 * Vapi sends (HMAC plans in full, bearer, legacy `x-vapi-secret`) with Web Crypto, the typed
 * server messages and their answers, a fetch-style handler, and `signWebhook()` for tests.
 * No Node imports: it runs on Node, Deno, Bun, browsers and edge runtimes.
 * @example
 * ```ts
 * import { createWebhookHandler, signWebhook } from '@voxdesk/sdk/webhooks';
 *
 * const handle = createWebhookHandler({
 *   secret: 'test-secret',
 *   on: { 'status-update': (message) => console.log(message.status) },
 * });
 * // What Vapi would send, signed with that secret: the handler verifies it and answers 200.
 * const signed = await signWebhook(
 *   { type: 'hmac', algorithm: 'sha256', secretKey: 'test-secret' },
 *   { body: { message: { type: 'status-update', status: 'ringing' } } },
 * );
 * const response = await handle(new Request('https://example.com/api/vapi', { method: 'POST', ...signed }));
 * if (response.status !== 200) throw new Error(`refused: ${response.status}`);
 * ```
 * @module @voxdesk/sdk/webhooks
 */
export { createWebhookHandler, DEFAULT_MAX_BODY_BYTES } from './handler.ts';
export type {
  MessageHandlers,
  RequestMessageType,
  ServerMessageType,
  ToolCallContext,
  ToolHandler,
  WebhookContext,
  WebhookHandlerOptions,
} from './handler.ts';
export type {
  CallControl,
  CallControlOptions,
  CallParty,
  ControlMessage,
  SayOptions,
  TransferDestination,
} from '../control.ts';
export { toolAnswer } from './tool-answer.ts';
export type { ToolAnswerFields, ToolSpokenMessage } from './tool-answer.ts';
export { createVerifier, verifyWebhook, DEFAULT_TOLERANCE_SECONDS } from './verify.ts';
export type { SignedRequest, Verification, Verifier, VerifierOptions } from './verify.ts';
export { signWebhook } from './sign.ts';
export type { SignedWebhook, SignWebhookInput } from './sign.ts';
export { callLifecycleEvents, DEFAULT_TOOL_CALLS, DEFAULT_TRANSCRIPT, transcriptText } from './lifecycle.ts';
export type {
  CallLifecycleEvent,
  CallLifecycleOptions,
  LifecycleLine,
  LifecycleStatus,
  LifecycleToolCall,
} from './lifecycle.ts';
export { WebhookVerificationError } from './errors.ts';
export type { WebhookVerificationReason } from './errors.ts';
export { HMAC_DEFAULTS } from './credentials.ts';
export type {
  BearerCredential,
  HmacCredential,
  VapiSecretCredential,
  WebhookCredential,
} from './credentials.ts';
export * from '../generated/webhooks.ts';
