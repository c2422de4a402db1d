import { UsageError } from '../../errors.ts';
import { list } from '../resources/list.ts';
import { resourceSpec } from '../resources/catalog.ts';
import type { Deps } from '../shared.ts';
import type { ListCallsOpts } from './index.ts';

/** `calls list`: the generic list, or with `--failed` the failed calls of a window. */
export async function run(opts: ListCallsOpts, deps: Deps): Promise<void> {
  if (opts.failed) return (await import('./failed.ts')).failedCalls(opts, deps);
  if (opts.since !== undefined)
    throw new UsageError('--since goes with --failed; otherwise filter with --filter createdAtGe=<ISO time>');
  await list(opts, deps, resourceSpec('calls'));
}
