import type { Command } from 'commander';
import type { Factory } from '../../factory.ts';
import { collect, parseCount } from '../../parse-flags.ts';
import { BODY_HELP, DRY_RUN_HELP, examples, lazyAction, outputOptions } from '../shared.ts';
import { resources, type ResourceSpec, type Verb } from './catalog.ts';

/** "an assistant", "a call". */
const a = (noun: string) => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;

const handler = (verb: Verb, spec: ResourceSpec) => async () => {
  const handlers = await import('./handlers.ts');
  return (factory: Factory, command: Command) => handlers[verb](factory, command, spec);
};

function listHelp(spec: ResourceSpec): string {
  if (spec.listing !== 'none')
    return 'how many to fetch in all, across pages (default: one page of 100); with --all, the page size (1–1000)';
  return 'show at most this many (the API returns them all in one response)';
}

/**
 * The generic verbs of one resource (list, get, create, update, replace, delete), built
 * from its spec so every resource behaves the same way.
 */
export function resourceCommands(program: Command, factory: Factory, spec: ResourceSpec): Command {
  const group = program.command(spec.name).description(spec.description);
  // Vapi's own CLI and docs say `assistant list`: the singular works too.
  const singular = spec.singular.replace(/ /g, '-');
  if (singular !== spec.name) group.alias(singular);
  group.addHelpText('after', examples(`voxdesk ${spec.name} list`, `voxdesk ${spec.name} <command> --help`));
  const n = spec.name;
  const has = (verb: Verb) => spec.verbs.includes(verb);
  if (has('list')) {
    const list = outputOptions(
      group
        .command('list')
        .alias('ls')
        .description(`List ${spec.name}: a table on a terminal, tab-separated when piped.`)
        .option('--limit <n>', listHelp(spec), parseCount)
        .option(
          '--all',
          spec.listing === 'none' ? 'fetch everything (this list is not paged)' : 'fetch every page',
        ),
      'the list (an array)',
    )
      .addHelpText(
        'after',
        examples(
          `voxdesk ${n} list`,
          ...(spec.listFilterExample ? [`voxdesk ${n} list --filter ${spec.listFilterExample}`] : []),
          `voxdesk ${n} list --all --json`,
          `voxdesk ${n} list --json id,name --jq '.[].name'`,
          `voxdesk ${n} list --limit 5 | cut -f1`,
        ),
      )
      .action(lazyAction(factory, handler('list', spec)));
    for (const { field, help } of spec.listFlags ?? []) list.option(`--${field} <${field}>`, help);
    if (spec.listing !== 'none') {
      list.option(
        '--filter <field=value>',
        'filter by a field, e.g. createdAtGt=2026-01-01 (repeatable)',
        collect,
      );
    }
  }
  if (has('get')) {
    outputOptions(
      group
        .command('get')
        .alias('view')
        .description(`Show one ${spec.singular}.`)
        .argument('<id>', `${spec.singular} id`),
      `the ${spec.singular}`,
    )
      .addHelpText('after', examples(`voxdesk ${n} get <id>`, `voxdesk ${n} get <id> --json`))
      .action(lazyAction(factory, handler('get', spec)));
  }
  if (has('create') && spec.createExample) {
    const create = group
      .command('create')
      .description(`Create ${a(spec.singular)} from a JSON body (checked before anything is sent).`)
      .option('--data <json>', BODY_HELP.data)
      .option('--file <path>', BODY_HELP.file)
      .addHelpText(
        'after',
        examples(
          `voxdesk ${n} create --data '${spec.createExample}'`,
          `voxdesk ${n} create --file ${spec.singular.replace(/ /g, '-')}.json`,
          `cat body.json | voxdesk ${n} create --file -`,
        ),
      )
      .action(lazyAction(factory, handler('create', spec)));
    outputOptions(create, `the created ${spec.singular}`).option('--dry-run', DRY_RUN_HELP);
  }
  for (const verb of ['update', 'replace'] as const) {
    if (!has(verb)) continue;
    const change = group
      .command(verb)
      .description(
        verb === 'update'
          ? `Change fields of ${a(spec.singular)} (PATCH: fields not given are kept).`
          : `Replace ${a(spec.singular)} entirely (PUT: fields not given are reset).`,
      )
      .argument('<id>', `${spec.singular} id`)
      .option('--data <json>', BODY_HELP.data)
      .option('--file <path>', BODY_HELP.file)
      .addHelpText(
        'after',
        examples(
          `voxdesk ${n} ${verb} <id> --data '${spec.updateExample}'`,
          `voxdesk ${n} ${verb} <id> --file - < body.json`,
        ),
      )
      .action(lazyAction(factory, handler(verb, spec)));
    outputOptions(change, `the ${verb === 'update' ? 'updated' : 'replaced'} ${spec.singular}`).option(
      '--dry-run',
      DRY_RUN_HELP,
    );
  }
  if (has('delete')) {
    const remove = group
      .command('delete')
      .alias('rm')
      .description(`Delete ${a(spec.singular)}. Asks first on a terminal; scripts must pass --yes.`)
      .argument('<id>', `${spec.singular} id`)
      .option('-y, --yes', 'do not ask for confirmation (required when not on a terminal)')
      .addHelpText('after', examples(`voxdesk ${n} delete <id>`, `voxdesk ${n} delete <id> --yes`))
      .action(lazyAction(factory, handler('delete', spec)));
    outputOptions(remove, `the deleted ${spec.singular}`).option('--dry-run', DRY_RUN_HELP);
  }
  return group;
}

/** Every resource's group, by name, so extra verbs (`calls create`, `files create`) can join it. */
export function registerResources(program: Command, factory: Factory): Map<string, Command> {
  return new Map(resources.map((spec) => [spec.name, resourceCommands(program, factory, spec)]));
}
