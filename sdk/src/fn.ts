/**
 * `@voxdesk/sdk/fn`: one tree-shakable function per operation, for bundles that count bytes.
 * `const client = new VapiClient({ token }); await listAssistants(client, { limit: 10 })`.
 * A program ships only the functions it imports, plus the core client.
 * @module @voxdesk/sdk/fn
 */
export * from './generated/fn.ts';
export { VapiClient, type ApiRequest } from './client.ts';
export * from './errors.ts';
export type { RequestOptions, VapiOptions } from './options.ts';
export type * from './query-types.ts';
export type * from './generated/types.ts';
