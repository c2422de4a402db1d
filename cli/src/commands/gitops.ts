import type { Command } from 'commander';
import type { Factory } from '../factory.ts';
import { examples, lazyAction } from './shared.ts';

const DIR_HELP = 'the folder of YAML files (default ./vapi)';

/** `voxdesk pull | diff | apply`: tools, structured outputs, assistants, squads, phone numbers, evals and test suites as YAML files. */
export function registerGitops(program: Command, factory: Factory): void {
  program
    .command('pull')
    .description(
      "Write the account's tools, structured outputs, assistants, squads, phone numbers, evals and test suites into YAML files, one per resource.",
    )
    .option('--dir <path>', DIR_HELP, 'vapi')
    .option(
      '--only <kinds>',
      'only these kinds, comma-separated: tools, structured-outputs, assistants, squads, phone-numbers, evals, test-suites',
    )
    .option('--force', "overwrite and remove files holding work not applied (take the account's version)")
    .addHelpText(
      'after',
      `${examples('voxdesk pull', 'voxdesk pull --only assistants,tools', 'voxdesk --profile staging pull --dir vapi')}

Secrets (API keys, auth tokens, passwords, header values) are written as \${ENV_NAME} placeholders, never as values.
A file edited since the last pull or apply, a file never applied, and an edited file whose resource was
deleted are kept and reported as conflicts (exit 1); --force takes the account's version.
The token must open the account (org) the folder's state records for the profile.
See docs/assistants-as-code.md.`,
    )
    .action(lazyAction(factory, async () => (await import('./gitops-run.ts')).pullCommand));
  program
    .command('diff')
    .description('Show what `apply` would change: per resource create, update (field by field), delete.')
    .option('--dir <path>', DIR_HELP, 'vapi')
    .option('--prune', 'count resources whose file was deleted as deletions (as apply --prune does)')
    .option(
      '--only <files>',
      'only these files or kinds, comma-separated: assistants/receptionist, vapi/tools/book.yaml, squads',
    )
    .option('--json', 'print the plan as JSON')
    .option(
      '--out <file>',
      'also save the plan, for `voxdesk apply <file>` (refused once the files or the account change)',
    )
    .addHelpText(
      'after',
      `${examples('voxdesk diff', 'voxdesk diff --json | jq .changes', 'voxdesk diff --out plan.json && voxdesk apply plan.json')}

Fields the account changed since the last pull or apply are marked "changed outside voxdesk".
Exit codes: 0 no changes, 3 changes present, 1 error (e.g. a file that does not validate).`,
    )
    .action(lazyAction(factory, async () => (await import('./gitops-run.ts')).diffCommand));
  program
    .command('apply [plan]')
    .description(
      'Make the account match the folder: print the plan, confirm, then create, update and (with --prune) delete.',
    )
    .option('--dir <path>', DIR_HELP, 'vapi')
    .option('--prune', 'also delete resources whose file was deleted')
    .option(
      '--only <files>',
      'only these files or kinds, comma-separated: assistants/receptionist, vapi/tools/book.yaml, squads',
    )
    .option('-y, --yes', 'apply without asking (required when not on a terminal)')
    .option('--dry-run', 'print the plan and stop (as diff; exit 0)')
    .option('--overwrite', 'replace fields changed outside voxdesk since the last pull or apply')
    .option('--adopt', 'take over untracked resources named as new files instead of creating duplicates')
    .addHelpText(
      'after',
      `${examples('voxdesk apply', 'voxdesk apply --yes --prune', 'voxdesk diff --out plan.json && voxdesk apply plan.json')}

With a saved plan (diff --out), apply plans again and refuses when the files or the account
changed since; it does not ask again. Order: tools, structured outputs, assistants, squads,
phone numbers, evals, test suites, then the structured outputs' links to assistants created in this run;
deletions in reverse. .voxdesk-state.json is saved after every change, so running apply
again after a failure resumes where it stopped; a resource created but not recorded is
adopted, not created twice. One pull or apply at a time per folder (a lock file).`,
    )
    .action(lazyAction(factory, async () => (await import('./gitops-run.ts')).applyCommand));
  program
    .command('convert [assistants...]')
    .description(
      'Rewrite assistant files from .yaml to Markdown: settings as front matter, the system prompt as the body.',
    )
    .option('--dir <path>', DIR_HELP, 'vapi')
    .addHelpText(
      'after',
      `${examples('voxdesk convert', 'voxdesk convert receptionist nurse-line')}

Without names, every .yaml assistant whose first message is a system prompt is converted.
The resource does not change (the state and the account are not touched); comments are kept.
pull writes Markdown for new assistants, and never changes an existing file's form.`,
    )
    .action(lazyAction(factory, async () => (await import('./gitops-run.ts')).convertCommand));
  program
    .command('eval')
    .description('Evals as code: run the stored evals of <dir>/evals against the applied profile.')
    .addHelpText('after', examples('voxdesk eval run', 'voxdesk eval run --junit evals.xml'))
    .command('run [evals...]')
    .description(
      'Run the evals (all, or those named) against the profile just applied; exit 1 when one fails.',
    )
    .option('--dir <path>', DIR_HELP, 'vapi')
    .option('--junit <file>', 'also write the results as JUnit XML (for CI test reports)')
    .option('--interval <seconds>', 'wait between reads of a running eval', '2')
    .option('--max-wait <seconds>', 'give up on one eval after this long', '300')
    .addHelpText(
      'after',
      `${examples('voxdesk eval run', 'voxdesk --profile staging eval run --junit evals.xml', 'voxdesk eval run booking-flow')}

Each evals/<name>.yaml is a Vapi eval (name, messages with judged assistant turns), stored by
apply like the other kinds, plus target: assistants/<file> or squads/<file>. The stored eval
runs against that file's id in this profile; an eval not applied, or edited since, is an error.
Exit codes: 0 every eval passed, 1 one failed or could not run.`,
    )
    .action(lazyAction(factory, async () => (await import('./gitops-run.ts')).evalRunCommand));
  program
    .command('rollback')
    .description(
      "Undo the last apply's changes to the account (this profile), through the same plan and confirmation.",
    )
    .option('--dir <path>', DIR_HELP, 'vapi')
    .option('-y, --yes', 'roll back without asking (required when not on a terminal)')
    .option('--dry-run', 'print the plan and stop')
    .option('--overwrite', 'replace fields changed outside voxdesk since the apply')
    .addHelpText(
      'after',
      `${examples('voxdesk rollback', 'voxdesk --profile production rollback --yes')}

Every apply keeps what it changed in .voxdesk-rollback/<profile>.json: the account's content
before each update or delete, and the ids it created. rollback restores those, deletes what
was created, and touches nothing else. The files are not changed: revert the commit too, or
the next apply makes the same changes again.`,
    )
    .action(lazyAction(factory, async () => (await import('./gitops-run.ts')).rollbackCommand));
  program
    .command('audit')
    .description('List resources of the account that no file stands for, and resources that share a name.')
    .option('--dir <path>', DIR_HELP, 'vapi')
    .option('--json', 'print the findings as JSON')
    .addHelpText(
      'after',
      `${examples('voxdesk audit', 'voxdesk --profile production audit --json')}

Exit codes: 0 nothing found, 3 untracked or duplicate resources, 1 error.`,
    )
    .action(lazyAction(factory, async () => (await import('./gitops-run.ts')).auditCommand));
}
