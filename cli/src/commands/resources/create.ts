import { readBody } from '../../input/body.ts';
import { withSpinner } from '../../output/spinner.ts';
import type { Deps } from '../shared.ts';
import type { ResourceSpec } from './catalog.ts';
import { dryRunOn, printOne, resourceOf, shapingOfResource } from './crud.ts';
import type { CreateOpts } from './index.ts';

export async function create(opts: CreateOpts, deps: Deps, spec: ResourceSpec): Promise<void> {
  const shaping = await shapingOfResource(deps, opts, spec);
  // The validator (ajv and the document's schemas) loads only for the verbs that read a body.
  const { validateBody } = await import('../../gitops/schema.ts');
  const check = (json: unknown) => validateBody(`${spec.sdk}.create`, json);
  const body = await readBody(deps.io, opts, check, { required: true });
  if (opts.dryRun) return dryRunOn(deps, opts.json, spec, (resource) => resource.create(body));
  const { resource } = await resourceOf(deps, spec);
  const item = await withSpinner(deps.io, `Creating ${spec.singular}`, () => resource.create(body));
  await printOne(deps, spec, item, shaping);
}
