import type { Command } from 'commander';
import { defineCommand, flag, type OptionsOf } from '../define.ts';
import { addCommand, examples, type Wiring } from '../shared.ts';
import { credentialFlags } from '../webhook-credentials.ts';

export const listenDef = defineCommand({
  name: 'listen',
  description:
    'Receive Vapi server-URL events locally: verify them, print one line each, optionally forward them.',
  flags: [
    ...credentialFlags(
      'verify with this secret (HMAC-SHA256 defaults, bearer or x-vapi-secret); repeat during rotation (default: $VAPI_WEBHOOK_SECRET)',
    ),
    flag('--port <port>', 'port to listen on (0: any free port)', { default: '4242' }),
    flag('--host <host>', 'address to bind; anything but loopback is reachable by others', {
      default: '127.0.0.1',
    }),
    flag('--public-url <url>', 'the URL Vapi posts to (tunnel), for an HMAC payload format with {url}'),
    flag('--forward-to <url>', 'relay each event unchanged to your server and return its answer to Vapi'),
    flag('--json', 'one JSON object per event (NDJSON) instead of lines'),
    flag(
      '--assistant <id>',
      "point this assistant's server URL at --public-url while listening; restored on exit (Ctrl-C too)",
    ),
  ],
  help: `${examples(
    'voxdesk listen',
    'VAPI_WEBHOOK_SECRET=<secret> voxdesk listen --forward-to http://127.0.0.1:3000/api/vapi',
    'voxdesk listen --secret s3cret --hmac-algorithm sha512 --hmac-encoding base64 --json | jq .type',
    'voxdesk listen --assistant <id> --public-url https://my-tunnel.example.com',
  )}

Vapi needs a public URL: run a tunnel to the port (e.g. cloudflared tunnel --url http://127.0.0.1:4242)
and set that URL as the server URL. Without --forward-to every event gets 200 {}. Ctrl-C stops (exit 130).`,
});
export type ListenOpts = OptionsOf<typeof listenDef>;

/** `voxdesk listen`: a local server URL that verifies, summarises and optionally forwards Vapi's events. */
export function registerListen(program: Command, wiring: Wiring): void {
  addCommand(program, wiring, listenDef, async () => (await import('./run.ts')).run);
}
