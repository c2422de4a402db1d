/**
 * `@voxdesk/sdk/fn`: one tree-shakable function per operation, for bundles that count bytes.
 * `const client = new VapiCore({ token }); await listAssistants(client, { limit: 10 })`.
 * A program ships only the functions it imports, plus the core (`VapiCore`: options, auth,
 * retries, timeouts, errors). Any client works as the first argument: a `VapiClient` (which
 * adds `request()` for any path) or a `Vapi`.
 * @example
 * ```ts
 * import { VapiCore, listAssistants } from '@voxdesk/sdk/fn';
 *
 * const client = new VapiCore({ token: process.env.VAPI_TOKEN, baseUrl: process.env.VAPI_BASE_URL });
 * const assistants = await listAssistants(client, { limit: 10 });
 * console.log(assistants.length);
 * ```
 * @module @voxdesk/sdk/fn
 */
export * from './generated/fn.ts';
export { VapiCore, VapiClient, type ApiRequest, type SendRequest } from './client.ts';
export * from './public-errors.ts';
export type { APIPromise, WithResponse } from './api-promise.ts';
export type { RequestOptions, VapiOptions } from './options.ts';
export type * from './query-types.ts';
export type * from './generated/types.ts';
