import type { Command } from 'commander';
import type { Factory } from '../factory.ts';
import { collect } from '../parse-flags.ts';
import { examples, lazyAction } from './shared.ts';

export function registerApi(program: Command, factory: Factory): void {
  program
    .command('api')
    .description('Call any endpoint: every operation the SDK knows, or any other path.')
    .argument('<method-or-path>', 'GET, POST, PUT, PATCH or DELETE (or the path, for a GET)')
    .argument('[path]', 'path such as /assistant or /assistant/<id>; may carry a ?query')
    .option(
      '-f, --raw-field <key=value>',
      'add a string field (repeatable); key[sub]=… nests, key[]=… appends',
      collect,
    )
    .option(
      '-F, --field <key=value>',
      'add a typed field: numbers, true/false/null, @file, @- (stdin)',
      collect,
    )
    .option('-H, --header <name:value>', 'add a request header (repeatable)', collect)
    .option('--input <file>', 'read the JSON body from a file, or - for stdin (fields then go to the query)')
    .option('--paginate', 'GET only: follow every page of a list and print one array')
    .option('-i, --include', 'print the HTTP status line and response headers before the body')
    .option('-q, --jq <expression>', "filter the JSON answer with a jq expression, e.g. '.[].id'")
    .option(
      '-t, --template <template>',
      "format the JSON answer with a Mustache template, e.g. '{{#.}}{{id}}{{/.}}'",
    )
    .addHelpText(
      'after',
      `
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
    )
    .action(lazyAction(factory, async () => (await import('./api-run.ts')).runApi));
}
