import { printShaped, printStatus } from '../../output/print.ts';
import { withSpinner } from '../../output/spinner.ts';
import { confirmDestructive } from '../confirm.ts';
import type { Deps } from '../shared.ts';
import type { ResourceSpec } from './catalog.ts';
import { dryRunOn, resourceOf, shapingOfResource } from './crud.ts';
import type { DeleteOpts } from './index.ts';

export async function remove(opts: DeleteOpts, deps: Deps, spec: ResourceSpec): Promise<void> {
  // The SDK's path guard refuses an id that would change the endpoint (exit 2, nothing sent).
  const { id } = opts;
  const shaping = await shapingOfResource(deps, opts, spec);
  if (opts.dryRun) return dryRunOn(deps, opts.json, spec, (resource) => resource.delete(id));
  // Resolve the token first: a missing token must not cost the user a confirmation.
  const { resource } = await resourceOf(deps, spec);
  await confirmDestructive(deps.io, Boolean(opts.yes), `Delete ${spec.singular} ${id}?`);
  const deleted = await withSpinner(deps.io, `Deleting ${spec.singular} ${id}`, () => resource.delete(id));
  if (shaping.kind !== 'table') await printShaped(deps, deleted, shaping, async () => '');
  printStatus(deps, `Deleted ${spec.singular} ${id}`);
}
