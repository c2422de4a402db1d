import type { Command } from 'commander';
import type { Factory } from '../factory.ts';
import { addCredentialOptions } from './webhook-credentials.ts';
import { examples, lazyAction } from './shared.ts';

/** `voxdesk listen`: a local server URL that verifies, summarises and optionally forwards Vapi's events. */
export function registerListen(program: Command, factory: Factory): void {
  const listen = program.command('listen');
  addCredentialOptions(
    listen,
    'verify with this secret (HMAC-SHA256 defaults, bearer or x-vapi-secret); repeat during rotation (default: $VAPI_WEBHOOK_SECRET)',
  );
  listen
    .description(
      'Receive Vapi server-URL events locally: verify them, print one line each, optionally forward them.',
    )
    .option('--port <port>', 'port to listen on (0: any free port)', '4242')
    .option('--host <host>', 'address to bind; anything but loopback is reachable by others', '127.0.0.1')
    .option('--public-url <url>', 'the URL Vapi posts to (tunnel), for an HMAC payload format with {url}')
    .option('--forward-to <url>', 'relay each event unchanged to your server and return its answer to Vapi')
    .option('--json', 'one JSON object per event (NDJSON) instead of lines')
    .option(
      '--assistant <id>',
      "point this assistant's server URL at --public-url while listening; restored on exit (Ctrl-C too)",
    )
    .addHelpText(
      'after',
      `${examples(
        'voxdesk listen',
        'VAPI_WEBHOOK_SECRET=<secret> voxdesk listen --forward-to http://127.0.0.1:3000/api/vapi',
        'voxdesk listen --secret s3cret --hmac-algorithm sha512 --hmac-encoding base64 --json | jq .type',
        'voxdesk listen --assistant <id> --public-url https://my-tunnel.example.com',
      )}

Vapi needs a public URL: run a tunnel to the port (e.g. cloudflared tunnel --url http://127.0.0.1:4242)
and set that URL as the server URL. Without --forward-to every event gets 200 {}. Ctrl-C stops (exit 130).`,
    )
    .action(lazyAction(factory, async () => (await import('./listen-run.ts')).listen));
}
