/**
 * `@voxdesk/sdk/operations`: the operation rows alone, for tools that list endpoints (the
 * CLI's catalog and completion, docs, the fake) without loading the client.
 * @module @voxdesk/sdk/operations
 */
export { operations, type Operation, type OperationId } from './generated/operations.ts';
