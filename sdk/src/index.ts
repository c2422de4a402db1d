import { VapiClient } from './client.ts';
import type { VapiResources } from './generated/client.ts';
import type { VapiOptions } from './options.ts';

/** The Vapi client: one typed method per API operation, plus `request()` for any path. */
export type Vapi = VapiClient & VapiResources;
export const Vapi = VapiClient as unknown as new (options?: VapiOptions) => Vapi;

export type { ApiRequest } from './client.ts';
export * from './errors.ts';
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
