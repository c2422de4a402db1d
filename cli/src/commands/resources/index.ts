import type { Command } from 'commander';
import { collect, parseCount } from '../../parse-flags.ts';
import { arg, defineCommand, flag, type OptionsOf } from '../define.ts';
import {
  addCommand,
  BODY_HELP,
  dryRunFlag,
  examples,
  outputFlags,
  type Deps,
  type Wiring,
} from '../shared.ts';
import { resources, type ResourceSpec, type Verb } from './catalog.ts';

/** "an assistant", "a call". */
const a = (noun: string) => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;

function listHelp(spec: ResourceSpec): string {
  if (spec.listing !== 'none')
    return 'how many to fetch in all, across pages (default: one page of 100); with --all, the page size (1–1000)';
  return 'show at most this many (the API returns them all in one response)';
}

const bodyFlags = [flag('--data <json>', BODY_HELP.data), flag('--file <path>', BODY_HELP.file)] as const;

/**
 * The generic verbs' declarations, one function of the resource's row each. Flags a row adds
 * (`files list --purpose`) are query fields: they arrive in `opts.query`, by field name.
 */
export const listDef = (spec: ResourceSpec) =>
  defineCommand({
    name: 'list',
    aliases: ['ls'],
    description: `List ${spec.name}: a table on a terminal, tab-separated when piped.`,
    flags: [
      flag('--limit <n>', listHelp(spec), { parse: parseCount }),
      flag(
        '--all',
        spec.listing === 'none' ? 'fetch everything (this list is not paged)' : 'fetch every page',
      ),
      ...outputFlags('the list (an array)'),
    ],
    queryFlags: spec.listFlags ?? [],
    help: examples(
      `voxdesk ${spec.name} list`,
      ...(spec.listFilterExample ? [`voxdesk ${spec.name} list --filter ${spec.listFilterExample}`] : []),
      `voxdesk ${spec.name} list --all --json`,
      `voxdesk ${spec.name} list --json id,name --jq '.[].name'`,
      `voxdesk ${spec.name} list --limit 5 | cut -f1`,
    ),
  });
/** `--filter`: only for lists that are paged (the others take no query). */
export const filterFlag = flag(
  '--filter <field=value>',
  'filter by a field, e.g. createdAtGt=2026-01-01 (repeatable)',
  { parse: collect },
);
export type ListOpts = OptionsOf<ReturnType<typeof listDef>> & { filter?: string[] | undefined };

export const getDef = (spec: ResourceSpec) =>
  defineCommand({
    name: 'get',
    aliases: ['view'],
    description: `Show one ${spec.singular}.`,
    args: [arg('<id>', `${spec.singular} id`)],
    flags: outputFlags(`the ${spec.singular}`),
    help: examples(`voxdesk ${spec.name} get <id>`, `voxdesk ${spec.name} get <id> --json`),
  });
export type GetOpts = OptionsOf<ReturnType<typeof getDef>>;

export const createDef = (spec: ResourceSpec) =>
  defineCommand({
    name: 'create',
    description: `Create ${a(spec.singular)} from a JSON body (checked before anything is sent).`,
    flags: [...bodyFlags, ...outputFlags(`the created ${spec.singular}`), dryRunFlag],
    help: examples(
      `voxdesk ${spec.name} create --data '${spec.createExample}'`,
      `voxdesk ${spec.name} create --file ${spec.singular.replace(/ /g, '-')}.json`,
      `cat body.json | voxdesk ${spec.name} create --file -`,
    ),
  });
export type CreateOpts = OptionsOf<ReturnType<typeof createDef>>;

export const changeDef = (spec: ResourceSpec, verb: 'update' | 'replace') =>
  defineCommand({
    name: verb,
    description:
      verb === 'update'
        ? `Change fields of ${a(spec.singular)} (PATCH: fields not given are kept).`
        : `Replace ${a(spec.singular)} entirely (PUT: fields not given are reset).`,
    args: [arg('<id>', `${spec.singular} id`)],
    flags: [
      ...bodyFlags,
      ...outputFlags(`the ${verb === 'update' ? 'updated' : 'replaced'} ${spec.singular}`),
      dryRunFlag,
    ],
    help: examples(
      `voxdesk ${spec.name} ${verb} <id> --data '${spec.updateExample}'`,
      `voxdesk ${spec.name} ${verb} <id> --file - < body.json`,
    ),
  });
export type ChangeOpts = OptionsOf<ReturnType<typeof changeDef>>;

export const deleteDef = (spec: ResourceSpec) =>
  defineCommand({
    name: 'delete',
    aliases: ['rm'],
    description: `Delete ${a(spec.singular)}. Asks first on a terminal; scripts must pass --yes.`,
    args: [arg('<id>', `${spec.singular} id`)],
    flags: [
      flag('-y, --yes', 'do not ask for confirmation (required when not on a terminal)'),
      ...outputFlags(`the deleted ${spec.singular}`),
      dryRunFlag,
    ],
    help: examples(`voxdesk ${spec.name} delete <id>`, `voxdesk ${spec.name} delete <id> --yes`),
  });
export type DeleteOpts = OptionsOf<ReturnType<typeof deleteDef>>;

/** A verb a noun's own module declares instead of the generic one (`calls list --failed`). */
export type OwnVerbs = Partial<Record<string, Partial<Record<Verb, (group: Command) => void>>>>;

/**
 * The generic verbs of one resource (list, get, create, update, replace, delete), built
 * from its row so every resource behaves the same way; each verb's run loads on use.
 */
export function resourceCommands(
  program: Command,
  wiring: Wiring,
  spec: ResourceSpec,
  own: OwnVerbs = {},
): Command {
  const group = program.command(spec.name).description(spec.description);
  // Vapi's own CLI and docs say `assistant list`: the singular works too.
  const singular = spec.singular.replace(/ /g, '-');
  if (singular !== spec.name) group.alias(singular);
  group.addHelpText('after', examples(`voxdesk ${spec.name} list`, `voxdesk ${spec.name} <command> --help`));
  const has = (verb: Verb) => spec.verbs.includes(verb);
  const ownVerb = (verb: Verb) => own[spec.name]?.[verb];
  if (has('list')) {
    const custom = ownVerb('list');
    if (custom) custom(group);
    else addList(group, wiring, spec);
  }
  if (has('get'))
    addCommand(group, wiring, getDef(spec), async () => {
      const { get } = await import('./get.ts');
      return (opts, deps) => get(opts, deps, spec);
    });
  if (has('create') && spec.createExample)
    addCommand(group, wiring, createDef(spec), async () => {
      const { create } = await import('./create.ts');
      return (opts, deps) => create(opts, deps, spec);
    });
  for (const verb of ['update', 'replace'] as const) {
    if (!has(verb)) continue;
    addCommand(group, wiring, changeDef(spec, verb), async () => {
      const { change } = await import('./change.ts');
      return (opts, deps) => change(opts, deps, spec, verb);
    });
  }
  if (has('delete'))
    addCommand(group, wiring, deleteDef(spec), async () => {
      const { remove } = await import('./delete.ts');
      return (opts, deps) => remove(opts, deps, spec);
    });
  return group;
}

/** The generic `list` (plus `--filter` for paged lists). */
export function addList(group: Command, wiring: Wiring, spec: ResourceSpec): Command {
  const def = listDef(spec);
  const load = async () => {
    const { list } = await import('./list.ts');
    return (opts: ListOpts, deps: Deps) => list(opts, deps, spec);
  };
  if (spec.listing === 'none') return addCommand(group, wiring, def, load);
  return addCommand(group, wiring, { ...def, flags: [...def.flags, filterFlag] }, load);
}

/** Every resource's group, by name, so extra verbs (`calls create`, `files create`) can join it. */
export function registerResources(
  program: Command,
  wiring: Wiring,
  own: OwnVerbs = {},
): Map<string, Command> {
  return new Map(resources.map((spec) => [spec.name, resourceCommands(program, wiring, spec, own)]));
}
