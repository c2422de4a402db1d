/**
 * The error classes every public entry exports (the root, `/fn`, `/node`), listed once. Named, not
 * `export * from './errors.ts'`: in dist/ errors.ts lives in the shared module (tsup.config.ts),
 * whose every name `export *` would re-export. test/index.test.ts checks the list is whole.
 */
export {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
  VapiAbortError,
  VapiArgumentError,
  VapiConnectionError,
  VapiError,
  VapiTimeoutError,
  VapiUnexpectedResponseError,
} from './errors.ts';
