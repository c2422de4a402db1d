/**
 * `@voxdesk/sdk`: a typed client for the whole Vapi platform API. Runs wherever `fetch`
 * does (Node 22+, browsers, edge runtimes); Node extras live in `@voxdesk/sdk/node`.
 * @example
 * ```ts
 * import { Vapi } from '@voxdesk/sdk';
 *
 * const vapi = new Vapi({ token: process.env.VAPI_TOKEN, baseUrl: process.env.VAPI_BASE_URL });
 * const assistant = await vapi.assistants.create({ name: 'Reception' });
 * for await (const call of vapi.calls.iterate({ assistantId: assistant.id, limit: 100 })) console.log(call.id);
 * ```
 * @module @voxdesk/sdk
 */
export { Vapi } from './generated/vapi.ts';
export { VapiCore, VapiClient, type ApiRequest, type FormEncoder, type SendRequest } from './client.ts';
export { APIResource } from './resource.ts';
export { APIPromise, type WithResponse } from './api-promise.ts';
export * from './public-errors.ts';
export { parseVapiErrorBody, type VapiErrorBody } from './error-body.ts';
export { path } from './path.ts';
export { VERSION } from './generated/meta.ts';
export { operations, type Operation, type OperationId } from './generated/operations.ts';
export { invoke, type OperationArgs, type OperationResults } from './generated/by-id.ts';
export {
  iteratePages,
  iterateV1,
  MAX_PAGE_LIMIT,
  paginate,
  VapiPaginationError,
  type FetchPage,
  type PageEnd,
  type PaginateOptions,
  type PagingKind,
} from './paginate.ts';
export {
  DEFAULT_BASE_URL,
  DEFAULT_TIMEOUT,
  type QueryParams,
  type RequestOptions,
  type RetryOptions,
  type TokenSource,
  type VapiOptions,
  type Logger,
  type LogLevel,
} from './options.ts';
export type { RequestEvent, ResponseEvent, RetryEvent } from './transport.ts';
export { adoptByName, findUntrackedByName, type AdoptByNameOptions, type AdoptOutcome } from './adopt.ts';
export type { FileData, NamedFile, Uploadable, UploadResolver, UploadSource } from './upload.ts';
export type * from './query-types.ts';
export type * from './generated/types.ts';
export * from './generated/resources/index.ts';
/** The OpenAPI document's schemas and paths, e.g. `components['schemas']['Assistant']`. */
export type { components, paths } from './generated/openapi.ts';
/** Every schema of the OpenAPI document by name, e.g. `schemas.OpenAIModel` (the same types as `components['schemas']`). */
export type * as schemas from './generated/openapi.ts';
