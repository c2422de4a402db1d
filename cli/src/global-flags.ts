import { flag, type FlagOptions } from './commands/define.ts';
import { parseBaseUrl, parseDuration, parseRetries } from './parse-flags.ts';

/** The flags every command accepts, declared once; `GlobalOptions` is their type. */
export const globalFlags = [
  // Deprecated and hidden: a secret on the command line shows in `ps` and shell history.
  flag('--token <token>', 'deprecated: use VAPI_TOKEN or `voxdesk login`', { hidden: true }),
  flag('--profile <name>', 'use this stored profile (default: $VOXDESK_PROFILE, then the active one)'),
  flag(
    '--base-url <url>',
    "API base URL for the token's own source (default: $VAPI_BASE_URL with $VAPI_TOKEN, the profile's, https://api.vapi.ai)",
    { parse: parseBaseUrl },
  ),
  flag(
    '--timeout <duration>',
    'time limit of each request, its retries and their waits included, and the longest Retry-After waited out: 30s, 1500ms, 2m (default: 60s per attempt, Retry-After up to 60s)',
    { parse: parseDuration },
  ),
  flag('--retries <n>', 'retry a failed GET/PUT/DELETE up to n times (0–10, default 2)', {
    parse: parseRetries,
  }),
  flag('--no-retry', 'same as --retries 0'),
  flag('--verbose', 'log every request and response line to stderr (token redacted)'),
  flag('--color <when>', 'colour: always, never or auto (a terminal; NO_COLOR, CLICOLOR_FORCE honoured)', {
    choices: ['always', 'never', 'auto'],
  }),
  flag('--no-color', 'same as --color never'),
  flag(
    '--no-pager',
    'do not page long output on a terminal (also NO_PAGER; pager: $VOXDESK_PAGER, $PAGER, less)',
  ),
  flag(
    '--format <format>',
    'output when no --json/--jq/--template: table (TSV when piped) or json; beats $VOXDESK_FORMAT and `config set output`',
    { choices: ['table', 'json'] },
  ),
] as const;

/** Options every command accepts (global flags). */
export type GlobalOptions = FlagOptions<typeof globalFlags>;
