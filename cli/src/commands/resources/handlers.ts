import type { Vapi } from '@voxdesk/sdk';
import type { Command } from 'commander';
import { UsageError } from '../../errors.ts';
import type { Factory } from '../../factory.ts';
import { readBody } from '../../input/body.ts';
import { jsonFields } from '../../output/json-fields.ts';
import { printList, printRecord, printShaped, printStatus } from '../../output/print.ts';
import { shapingFor, type OutputFlags, type Shaping } from '../../output/shape.ts';
import { withSpinner } from '../../output/spinner.ts';
import { confirmDestructive } from '../confirm.ts';
import { globalsOf } from '../shared.ts';
import { fetchList, type ListOptions } from './list.ts';
import type { ResourceSpec } from './catalog.ts';

type Item = Record<string, unknown>;

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
const crudOf = (vapi: Vapi, spec: ResourceSpec): CrudResource => vapi[spec.sdk];

async function resourceOf(factory: Factory, command: Command, spec: ResourceSpec) {
  const { vapi } = await factory.getClient(globalsOf(command));
  return { vapi, resource: crudOf(vapi, spec) };
}

/** One object (get, create, update, replace): its record columns, or the list's. */
function printOne(factory: Factory, spec: ResourceSpec, item: Item, shaping: Shaping) {
  return printRecord(factory, spec.recordColumns ?? spec.columns, item, shaping);
}

const isDryRun = (command: Command) => Boolean(command.opts<{ dryRun?: boolean }>().dryRun);

/** `--dry-run`: print the request the verb would send; nothing is sent, nothing asked. */
async function dryRunOn(
  factory: Factory,
  command: Command,
  spec: ResourceSpec,
  work: (resource: CrudResource) => Promise<unknown>,
): Promise<void> {
  const { dryRun } = await import('../dry-run.ts');
  await dryRun(factory, command, (vapi) => work(crudOf(vapi, spec)));
}

/** The output flags, checked against the resource's fields before anything is sent. */
const shapingOfCommand = (factory: Factory, command: Command, spec: ResourceSpec) =>
  shapingFor(factory, command.opts<OutputFlags>(), jsonFields(spec.sdk));

export async function list(factory: Factory, command: Command, spec: ResourceSpec): Promise<void> {
  const options = command.opts<ListOptions>();
  if (options.failed) return (await import('../calls-failed.ts')).failedCalls(factory, command);
  if (options.since !== undefined)
    throw new UsageError('--since goes with --failed; otherwise filter with --filter createdAtGe=<ISO time>');
  const shaping = await shapingOfCommand(factory, command, spec);
  const { vapi, resource } = await resourceOf(factory, command, spec);
  const { items, more } = await withSpinner(factory.io, `Fetching ${spec.name}`, () =>
    fetchList(vapi, resource, spec, options),
  );
  // An empty table on a terminal is just a header: say so in words instead.
  if (items.length === 0 && shaping.kind === 'table' && factory.io.isStdoutTTY) {
    factory.io.stderr.write(`No ${spec.name} found.\n`);
    return;
  }
  await printList(factory, spec.columns, items, shaping);
  // A list cut short, on a terminal (scripts read stdout and never see it): the pager says
  // whether more exist for certain or only may (a full page that ended the list exactly).
  if (factory.io.isStdoutTTY && more !== false) {
    const certainty = more ? 'more exist' : 'more may exist';
    factory.io.stderr.write(`showing ${items.length}; ${certainty} — use --all or a larger --limit\n`);
  }
}

export async function get(factory: Factory, command: Command, spec: ResourceSpec): Promise<void> {
  // The SDK's path guard refuses an id that would change the endpoint (exit 2, nothing sent).
  const id = command.processedArgs[0] as string;
  const shaping = await shapingOfCommand(factory, command, spec);
  const { resource } = await resourceOf(factory, command, spec);
  const item = await withSpinner(factory.io, `Fetching ${spec.singular} ${id}`, () => resource.get(id));
  await printOne(factory, spec, item, shaping);
}

export async function create(factory: Factory, command: Command, spec: ResourceSpec): Promise<void> {
  const { data, file } = command.opts<{ data?: string; file?: string }>();
  const shaping = await shapingOfCommand(factory, command, spec);
  // The validator (ajv and the document's schemas) loads only for the verbs that read a body.
  const { validateBody } = await import('../../gitops/schema.ts');
  const check = (json: unknown) => validateBody(`${spec.sdk}.create`, json);
  const body = await readBody(factory.io, { data, file }, check, { required: true });
  if (isDryRun(command)) return dryRunOn(factory, command, spec, (resource) => resource.create(body));
  const { resource } = await resourceOf(factory, command, spec);
  const item = await withSpinner(factory.io, `Creating ${spec.singular}`, () => resource.create(body));
  await printOne(factory, spec, item, shaping);
}

async function change(factory: Factory, command: Command, spec: ResourceSpec, verb: 'update' | 'replace') {
  // The SDK's path guard refuses an id that would change the endpoint (exit 2, nothing sent).
  const id = command.processedArgs[0] as string;
  const { data, file } = command.opts<{ data?: string; file?: string }>();
  const shaping = await shapingOfCommand(factory, command, spec);
  const { validateBody } = await import('../../gitops/schema.ts');
  // A replace (PUT) is a whole resource, as a create.
  const check = (json: unknown) => validateBody(`${spec.sdk}.${verb}`, json);
  const body = await readBody(factory.io, { data, file }, check, { required: true });
  if (isDryRun(command))
    return dryRunOn(factory, command, spec, (resource) =>
      verb === 'update' ? resource.update(id, body) : resource.replace!(id, body),
    );
  const { resource } = await resourceOf(factory, command, spec);
  const send = verb === 'update' ? resource.update.bind(resource) : resource.replace?.bind(resource);
  if (!send) throw new UsageError(`${spec.name} cannot be replaced; use update`);
  const verbing = verb === 'update' ? 'Updating' : 'Replacing';
  const item = await withSpinner(factory.io, `${verbing} ${spec.singular} ${id}`, () => send(id, body));
  await printOne(factory, spec, item, shaping);
}

export const update = (factory: Factory, command: Command, spec: ResourceSpec) =>
  change(factory, command, spec, 'update');
export const replace = (factory: Factory, command: Command, spec: ResourceSpec) =>
  change(factory, command, spec, 'replace');

export async function remove(factory: Factory, command: Command, spec: ResourceSpec): Promise<void> {
  // The SDK's path guard refuses an id that would change the endpoint (exit 2, nothing sent).
  const id = command.processedArgs[0] as string;
  const { yes } = command.opts<{ yes?: boolean }>();
  const shaping = await shapingOfCommand(factory, command, spec);
  if (isDryRun(command)) return dryRunOn(factory, command, spec, (resource) => resource.delete(id));
  // Resolve the token first: a missing token must not cost the user a confirmation.
  const { resource } = await resourceOf(factory, command, spec);
  await confirmDestructive(factory, Boolean(yes), `Delete ${spec.singular} ${id}?`);
  const deleted = await withSpinner(factory.io, `Deleting ${spec.singular} ${id}`, () => resource.delete(id));
  if (shaping.kind !== 'table') await printShaped(factory, deleted, shaping, async () => '');
  printStatus(factory, `Deleted ${spec.singular} ${id}`);
}

export { remove as delete };
