/**
 * `@voxdesk/sdk/operations`: the operation rows alone, for tools that list endpoints (the
 * CLI's catalog and completion, docs, the fake) without loading the client.
 * @example
 * ```ts
 * import { operations } from '@voxdesk/sdk/operations';
 *
 * const paged = operations.filter((op) => op.paging !== 'none');
 * console.log(`${operations.length} operations, ${paged.length} of them paged lists`);
 * ```
 * @module @voxdesk/sdk/operations
 */
export { operations, type Operation, type OperationId } from './generated/operations.ts';
