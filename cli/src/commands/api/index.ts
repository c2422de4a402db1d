import type { Command } from 'commander';
import { collect } from '../../parse-flags.ts';
import { arg, defineCommand, flag, type OptionsOf } from '../define.ts';
import { addCommand, examples, type Wiring } from '../shared.ts';

export const apiDef = defineCommand({
  name: 'api',
  description: 'Call any endpoint: every operation the SDK knows, or any other path.',
  args: [
    arg('<method-or-path>', 'GET, POST, PUT, PATCH or DELETE (or the path, for a GET)'),
    arg('[path]', 'path such as /assistant or /assistant/<id>; may carry a ?query'),
  ],
  flags: [
    flag(
      '-f, --raw-field <key=value>',
      'add a string field (repeatable); key[sub]=… nests, key[]=… appends',
      {
        parse: collect,
      },
    ),
    flag('-F, --field <key=value>', 'add a typed field: numbers, true/false/null, @file, @- (stdin)', {
      parse: collect,
    }),
    flag('-H, --header <name:value>', 'add a request header (repeatable)', { parse: collect }),
    flag('--input <file>', 'read the JSON body from a file, or - for stdin (fields then go to the query)'),
    flag('--paginate', 'GET only: follow every page of a list and print one array'),
    flag('-i, --include', 'print the HTTP status line and response headers before the body'),
    flag('-q, --jq <expression>', "filter the JSON answer with a jq expression, e.g. '.[].id'"),
    flag(
      '-t, --template <template>',
      "format the JSON answer with a Mustache template, e.g. '{{#.}}{{id}}{{/.}}'",
    ),
  ],
  help: `
Fields go to the query string for GET and DELETE, to the JSON body otherwise. JSON answers
are pretty-printed; downloads (recordings, pcap) are written as raw bytes when piped.
${examples(
  'voxdesk api GET /assistant -F limit=5',
  'voxdesk api POST /assistant -f name=Reception -f model[provider]=openai -f model[model]=gpt-4o',
  'voxdesk api PATCH /assistant/<id> --input patch.json',
  'voxdesk api GET /call --paginate -F limit=100',
  "voxdesk api GET /assistant --jq '.[] | .name'",
  'voxdesk api -i GET /v2/call -F page=2',
)}`,
});
export type ApiOpts = OptionsOf<typeof apiDef>;

/** `voxdesk api <method> <path>`: gh's `api`, on the SDK's transport. */
export function registerApi(program: Command, wiring: Wiring): void {
  addCommand(program, wiring, apiDef, async () => (await import('./run.ts')).run);
}
