import { withSpinner } from '../../output/spinner.ts';
import type { Deps } from '../shared.ts';
import type { ResourceSpec } from './catalog.ts';
import { printOne, resourceOf, shapingOfResource } from './crud.ts';
import type { GetOpts } from './index.ts';

export async function get(opts: GetOpts, deps: Deps, spec: ResourceSpec): Promise<void> {
  // The SDK's path guard refuses an id that would change the endpoint (exit 2, nothing sent).
  const { id } = opts;
  const shaping = await shapingOfResource(deps, opts, spec);
  const { resource } = await resourceOf(deps, spec);
  const item = await withSpinner(deps.io, `Fetching ${spec.singular} ${id}`, () => resource.get(id));
  await printOne(deps, spec, item, shaping);
}
