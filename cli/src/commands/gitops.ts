import type { Command } from 'commander';
import type { Factory } from '../factory.ts';
import { examples, lazyAction } from './shared.ts';

const DIR_HELP = 'the folder of YAML files (default ./vapi)';

/** `voxdesk pull | diff | apply`: tools, structured outputs, assistants, squads and phone numbers as YAML files. */
export function registerGitops(program: Command, factory: Factory): void {
  program
    .command('pull')
    .description(
      "Write the account's tools, structured outputs, assistants, squads and phone numbers into YAML files, one per resource.",
    )
    .option('--dir <path>', DIR_HELP, 'vapi')
    .option(
      '--only <kinds>',
      'only these kinds, comma-separated: tools, structured-outputs, assistants, squads, phone-numbers',
    )
    .addHelpText(
      'after',
      `${examples('voxdesk pull', 'voxdesk pull --only assistants,tools', 'voxdesk --profile staging pull --dir vapi')}

Secrets (API keys, auth tokens, passwords) are written as \${ENV_NAME} placeholders, never as values.
See docs/assistants-as-code.md.`,
    )
    .action(lazyAction(factory, async () => (await import('./gitops-run.ts')).pullCommand));
  program
    .command('diff')
    .description('Show what `apply` would change: per resource create, update (field by field), delete.')
    .option('--dir <path>', DIR_HELP, 'vapi')
    .option('--prune', 'count resources whose file was deleted as deletions (as apply --prune does)')
    .option('--json', 'print the plan as JSON')
    .addHelpText(
      'after',
      `${examples('voxdesk diff', 'voxdesk diff --json | jq .changes', 'voxdesk diff --prune | less')}

Exit codes: 0 no changes, 3 changes present, 1 error (e.g. a file that does not validate).`,
    )
    .action(lazyAction(factory, async () => (await import('./gitops-run.ts')).diffCommand));
  program
    .command('apply')
    .description(
      'Make the account match the folder: print the plan, confirm, then create, update and (with --prune) delete.',
    )
    .option('--dir <path>', DIR_HELP, 'vapi')
    .option('--prune', 'also delete resources whose file was deleted')
    .option('-y, --yes', 'apply without asking (required when not on a terminal)')
    .option('--dry-run', 'print the plan and stop (as diff; exit 0)')
    .addHelpText(
      'after',
      `${examples('voxdesk apply', 'voxdesk apply --yes --prune', 'voxdesk --profile production apply --yes')}

Order: tools, structured outputs, assistants, squads, phone numbers, then the structured outputs'
links to assistants created in this run; deletions in reverse. .voxdesk-state.json is saved
after every change, so running apply again after a failure resumes where it stopped.`,
    )
    .action(lazyAction(factory, async () => (await import('./gitops-run.ts')).applyCommand));
}
