import type { Vapi } from '@voxdesk/sdk';
import { jsonFields } from '../../output/json-fields.ts';
import { printRecord, type Output } from '../../output/print.ts';
import { shapingFor, type OutputFlags, type Shaping } from '../../output/shape.ts';
import type { Deps } from '../shared.ts';
import type { ResourceSpec } from './catalog.ts';

export type Item = Record<string, unknown>;

/** The part of an SDK resource the generic verbs use. */
export interface CrudResource {
  list(query?: Record<string, unknown>): Promise<unknown>;
  // One object: the SDK already refused any 2xx that is not a JSON object.
  get(id: string): Promise<Item>;
  create(body: unknown): Promise<Item>;
  update(id: string, body: unknown): Promise<Item>;
  replace?(id: string, body: unknown): Promise<Item>;
  delete(id: string): Promise<unknown>;
}

/** The SDK resource a spec names, seen through the verbs the generic commands use. */
export const crudOf = (vapi: Vapi, spec: ResourceSpec): CrudResource => vapi[spec.sdk];

export async function resourceOf(deps: Deps, spec: ResourceSpec) {
  const { vapi } = await deps.client();
  return { vapi, resource: crudOf(vapi, spec) };
}

/** One object (get, create, update, replace): its record columns, or the list's. */
export function printOne(output: Output, spec: ResourceSpec, item: Item, shaping: Shaping) {
  return printRecord(output, spec.recordColumns ?? spec.columns, item, shaping);
}

/** `--dry-run`: print the request the verb would send; nothing is sent, nothing asked. */
export async function dryRunOn(
  deps: Deps,
  json: OutputFlags['json'],
  spec: ResourceSpec,
  work: (resource: CrudResource) => Promise<unknown>,
): Promise<void> {
  const { dryRun } = await import('../dry-run.ts');
  await dryRun(deps, json, (vapi) => work(crudOf(vapi, spec)));
}

/** The output flags, checked against the resource's fields before anything is sent. */
export const shapingOfResource = (deps: Deps, flags: OutputFlags, spec: ResourceSpec) =>
  shapingFor(deps, flags, jsonFields(spec.sdk));
