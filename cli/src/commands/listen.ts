import { Option, type Command } from 'commander';
import type { Factory } from '../factory.ts';
import { collect } from '../parse-flags.ts';
import { examples, lazyAction } from './shared.ts';

/** `voxdesk listen`: a local server URL that verifies, summarises and optionally forwards Vapi's events. */
export function registerListen(program: Command, factory: Factory): void {
  program
    .command('listen')
    .description(
      'Receive Vapi server-URL events locally: verify them, print one line each, optionally forward them.',
    )
    .option('--port <port>', 'port to listen on (0: any free port)', '4242')
    .option('--host <host>', 'address to bind; anything but loopback is reachable by others', '127.0.0.1')
    .option(
      '--secret <secret>',
      'verify with this secret (HMAC-SHA256 defaults, bearer or x-vapi-secret); repeat during rotation (default: $VAPI_WEBHOOK_SECRET)',
      collect,
    )
    .addOption(
      new Option('--hmac-algorithm <name>', 'HMAC plan: algorithm (with --secret)').choices([
        'sha1',
        'sha256',
        'sha512',
      ]),
    )
    .option('--hmac-signature-header <name>', 'HMAC plan: signature header (default x-signature)')
    .option('--hmac-timestamp-header <name>', 'HMAC plan: timestamp header (default x-timestamp)')
    .option('--hmac-no-timestamp', 'HMAC plan: includeTimestamp false')
    .option('--hmac-prefix <prefix>', 'HMAC plan: signature prefix, e.g. sha256=')
    .option('--hmac-payload-format <format>', 'HMAC plan: payload format (default {timestamp}.{body})')
    .option('--hmac-message-id-header <name>', 'HMAC plan: header of the {svix-id} message id')
    .addOption(
      new Option('--hmac-encoding <encoding>', 'HMAC plan: signature encoding').choices(['hex', 'base64']),
    )
    .option('--hmac-secret-base64', 'HMAC plan: the secret is base64 (secretIsBase64)')
    .option('--public-url <url>', 'the URL Vapi posts to (tunnel), for an HMAC payload format with {url}')
    .option('--forward-to <url>', 'relay each event unchanged to your server and return its answer to Vapi')
    .option('--json', 'one JSON object per event (NDJSON) instead of lines')
    .addHelpText(
      'after',
      `${examples(
        'voxdesk listen',
        'VAPI_WEBHOOK_SECRET=<secret> voxdesk listen --forward-to http://127.0.0.1:3000/api/vapi',
        'voxdesk listen --secret s3cret --hmac-algorithm sha512 --hmac-encoding base64 --json | jq .type',
      )}

Vapi needs a public URL: run a tunnel to the port (e.g. cloudflared tunnel --url http://127.0.0.1:4242)
and set that URL as the server URL. Without --forward-to every event gets 200 {}. Ctrl-C stops (exit 130).`,
    )
    .action(lazyAction(factory, async () => (await import('./listen-run.ts')).listen));
}
