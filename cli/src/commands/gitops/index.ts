import type { Command } from 'commander';
import { arg, defineCommand, flag, type OptionsOf } from '../define.ts';
import { addCommand, examples, type Wiring } from '../shared.ts';

const DIR_HELP = 'the folder of YAML files (default ./vapi)';
const dirFlag = flag('--dir <path>', DIR_HELP, { default: 'vapi' });
const onlyFilesFlag = flag(
  '--only <files>',
  'only these files or kinds, comma-separated: assistants/receptionist, vapi/tools/book.yaml, squads',
);

export const pullDef = defineCommand({
  name: 'pull',
  description:
    "Write the account's tools, structured outputs, assistants, squads, phone numbers, evals and test suites into YAML files, one per resource.",
  flags: [
    dirFlag,
    flag(
      '--only <kinds>',
      'only these kinds, comma-separated: tools, structured-outputs, assistants, squads, phone-numbers, evals, test-suites',
    ),
    flag('--force', "overwrite and remove files holding work not applied (take the account's version)"),
  ],
  help: `${examples('voxdesk pull', 'voxdesk pull --only assistants,tools', 'voxdesk --profile staging pull --dir vapi')}

Secrets (API keys, auth tokens, passwords, header values) are written as \${ENV_NAME} placeholders, never as values.
A file edited since the last pull or apply, a file never applied, and an edited file whose resource was
deleted are kept and reported as conflicts (exit 1); --force takes the account's version.
The token must open the account (org) the folder's state records for the profile.
See docs/assistants-as-code.md.`,
});
export type PullOpts = OptionsOf<typeof pullDef>;

export const diffDef = defineCommand({
  name: 'diff',
  description: 'Show what `apply` would change: per resource create, update (field by field), delete.',
  flags: [
    dirFlag,
    flag('--prune', 'count resources whose file was deleted as deletions (as apply --prune does)'),
    onlyFilesFlag,
    flag('--json', 'print the plan as JSON'),
    flag(
      '--out <file>',
      'also save the plan, for `voxdesk apply <file>` (refused once the files or the account change)',
    ),
  ],
  help: `${examples('voxdesk diff', 'voxdesk diff --json | jq .changes', 'voxdesk diff --out plan.json && voxdesk apply plan.json')}

Fields the account changed since the last pull or apply are marked "changed outside voxdesk".
Exit codes: 0 no changes, 3 changes present, 1 error (e.g. a file that does not validate).`,
});
export type DiffOpts = OptionsOf<typeof diffDef>;

export const applyDef = defineCommand({
  name: 'apply',
  description:
    'Make the account match the folder: print the plan, confirm, then create, update and (with --prune) delete.',
  args: [arg('[plan]', '')],
  flags: [
    dirFlag,
    flag('--prune', 'also delete resources whose file was deleted'),
    onlyFilesFlag,
    flag('-y, --yes', 'apply without asking (required when not on a terminal)'),
    flag('--dry-run', 'print the plan and stop (as diff; exit 0)'),
    flag('--overwrite', 'replace fields changed outside voxdesk since the last pull or apply'),
    flag('--adopt', 'take over untracked resources named as new files instead of creating duplicates'),
  ],
  help: `${examples('voxdesk apply', 'voxdesk apply --yes --prune', 'voxdesk diff --out plan.json && voxdesk apply plan.json')}

With a saved plan (diff --out), apply plans again and refuses when the files or the account
changed since; it does not ask again. Order: tools, structured outputs, assistants, squads,
phone numbers, evals, test suites, then the structured outputs' links to assistants created in this run;
deletions in reverse. .voxdesk-state.json is saved after every change, so running apply
again after a failure resumes where it stopped; a resource created but not recorded is
adopted, not created twice. One pull or apply at a time per folder (a lock file).`,
});
export type ApplyOpts = OptionsOf<typeof applyDef>;

export const convertDef = defineCommand({
  name: 'convert',
  description:
    'Rewrite assistant files from .yaml to Markdown: settings as front matter, the system prompt as the body.',
  args: [arg('[assistants...]', '')],
  flags: [dirFlag],
  help: `${examples('voxdesk convert', 'voxdesk convert receptionist nurse-line')}

Without names, every .yaml assistant whose first message is a system prompt is converted.
The resource does not change (the state and the account are not touched); comments are kept.
pull writes Markdown for new assistants, and never changes an existing file's form.`,
});
export type ConvertOpts = OptionsOf<typeof convertDef>;

export const evalRunDef = defineCommand({
  name: 'run',
  description: 'Run the evals (all, or those named) against the profile just applied; exit 1 when one fails.',
  args: [arg('[evals...]', '')],
  flags: [
    dirFlag,
    flag('--junit <file>', 'also write the results as JUnit XML (for CI test reports)'),
    flag('--interval <seconds>', 'wait between reads of a running eval', { default: '2' }),
    flag('--max-wait <seconds>', 'give up on one eval after this long', { default: '300' }),
  ],
  help: `${examples('voxdesk eval run', 'voxdesk --profile staging eval run --junit evals.xml', 'voxdesk eval run booking-flow')}

Each evals/<name>.yaml is a Vapi eval (name, messages with judged assistant turns), stored by
apply like the other kinds, plus target: assistants/<file> or squads/<file>. The stored eval
runs against that file's id in this profile; an eval not applied, or edited since, is an error.
Exit codes: 0 every eval passed, 1 one failed or could not run.`,
});
export type EvalRunOpts = OptionsOf<typeof evalRunDef>;

export const rollbackDef = defineCommand({
  name: 'rollback',
  description:
    "Undo the last apply's changes to the account (this profile), through the same plan and confirmation.",
  flags: [
    dirFlag,
    flag('-y, --yes', 'roll back without asking (required when not on a terminal)'),
    flag('--dry-run', 'print the plan and stop'),
    flag('--overwrite', 'replace fields changed outside voxdesk since the apply'),
  ],
  help: `${examples('voxdesk rollback', 'voxdesk --profile production rollback --yes')}

Every apply keeps what it changed in .voxdesk-rollback/<profile>.json: the account's content
before each update or delete, and the ids it created. rollback restores those, deletes what
was created, and touches nothing else. The files are not changed: revert the commit too, or
the next apply makes the same changes again.`,
});
export type RollbackOpts = OptionsOf<typeof rollbackDef>;

export const auditDef = defineCommand({
  name: 'audit',
  description: 'List resources of the account that no file stands for, and resources that share a name.',
  flags: [dirFlag, flag('--json', 'print the findings as JSON')],
  help: `${examples('voxdesk audit', 'voxdesk --profile production audit --json')}

Exit codes: 0 nothing found, 3 untracked or duplicate resources, 1 error.`,
});
export type AuditOpts = OptionsOf<typeof auditDef>;

const run = async () => import('./run.ts');

/** `voxdesk pull | diff | apply`: tools, structured outputs, assistants, squads, phone numbers, evals and test suites as YAML files. */
export function registerGitops(program: Command, wiring: Wiring): void {
  addCommand(program, wiring, pullDef, async () => (await run()).pullCommand);
  addCommand(program, wiring, diffDef, async () => (await run()).diffCommand);
  addCommand(program, wiring, applyDef, async () => (await run()).applyCommand);
  addCommand(program, wiring, convertDef, async () => (await run()).convertCommand);
  const evals = program
    .command('eval')
    .description('Evals as code: run the stored evals of <dir>/evals against the applied profile.')
    .addHelpText('after', examples('voxdesk eval run', 'voxdesk eval run --junit evals.xml'));
  addCommand(evals, wiring, evalRunDef, async () => (await run()).evalRunCommand);
  addCommand(program, wiring, rollbackDef, async () => (await run()).rollbackCommand);
  addCommand(program, wiring, auditDef, async () => (await run()).auditCommand);
}
