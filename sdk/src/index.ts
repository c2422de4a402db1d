/**
 * `@voxdesk/sdk`: a typed client for the whole Vapi platform API. Runs wherever `fetch`
 * does (Node 22+, browsers, edge runtimes); Node extras live in `@voxdesk/sdk/node`.
 * @module @voxdesk/sdk
 */
import { VapiClient } from './client.ts';
import type { VapiResources } from './generated/client.ts';
import type { VapiOptions } from './options.ts';

/** The Vapi client: one typed method per API operation, plus `request()` for any path. */
export type Vapi = VapiClient & VapiResources;
/**
 * The Vapi client: `new Vapi({ token })`, then one typed method per API operation, grouped by
 * resource (`vapi.assistants.create(body)`, `vapi.testSuites.runs.get(suiteId, id)`), an
 * `iterate` beside each paged list, `invoke(id, ...args)` to call a table row by id, and
 * `request()` / `requestResponse()` for any other path.
 * @class
 */
export const Vapi = VapiClient as unknown as new (options?: VapiOptions) => Vapi;

export type { ApiRequest } from './client.ts';
export * from './errors.ts';
export {
  iteratePages,
  iterateV1,
  MAX_PAGE_LIMIT,
  paginate,
  VapiPaginationError,
  type FetchPage,
  type PaginateOptions,
  type PagingKind,
} from './paginate.ts';
export { operations, type HttpMethod, type Operation } from './operations.ts';
export {
  DEFAULT_BASE_URL,
  DEFAULT_TIMEOUT,
  type QueryParams,
  type RequestOptions,
  type RetryOptions,
  type TokenSource,
  type VapiOptions,
} from './options.ts';
export type { FileData, NamedFile, Uploadable } from './upload.ts';
export type * from './generated/client.ts';
/** The OpenAPI document's schemas and paths, e.g. `components['schemas']['Assistant']`. */
export type { components, paths } from './generated/openapi.ts';
