import { UsageError } from '../../errors.ts';
import { readBody } from '../../input/body.ts';
import { withSpinner } from '../../output/spinner.ts';
import type { Deps } from '../shared.ts';
import type { ResourceSpec } from './catalog.ts';
import { dryRunOn, printOne, resourceOf, shapingOfResource } from './crud.ts';
import type { ChangeOpts } from './index.ts';

/** `update` (PATCH) and `replace` (PUT). */
export async function change(
  opts: ChangeOpts,
  deps: Deps,
  spec: ResourceSpec,
  verb: 'update' | 'replace',
): Promise<void> {
  // The SDK's path guard refuses an id that would change the endpoint (exit 2, nothing sent).
  const { id } = opts;
  const shaping = await shapingOfResource(deps, opts, spec);
  const { validateBody } = await import('../../gitops/schema.ts');
  // A replace (PUT) is a whole resource, as a create.
  const check = (json: unknown) => validateBody(`${spec.sdk}.${verb}`, json);
  const body = await readBody(deps.io, opts, check, { required: true });
  if (opts.dryRun)
    return dryRunOn(deps, opts.json, spec, (resource) =>
      verb === 'update' ? resource.update(id, body) : resource.replace!(id, body),
    );
  const { resource } = await resourceOf(deps, spec);
  const send = verb === 'update' ? resource.update.bind(resource) : resource.replace?.bind(resource);
  if (!send) throw new UsageError(`${spec.name} cannot be replaced; use update`);
  const verbing = verb === 'update' ? 'Updating' : 'Replacing';
  const item = await withSpinner(deps.io, `${verbing} ${spec.singular} ${id}`, () => send(id, body));
  await printOne(deps, spec, item, shaping);
}
