#!/usr/bin/env node
/**
 * `vapi-mock`: run the fake Vapi on 127.0.0.1 for local development or as a Playwright
 * `webServer`. Prints `listening on http://127.0.0.1:<port>` once ready.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { FakeVapiSeed } from './state.ts';

const USAGE = `Usage: vapi-mock [--port <n>] [--token <key>] [--rate-limit <requests>/<seconds>s] [--seed <file.json>]
                 [--same-millisecond <n>]

  --port        port on 127.0.0.1 (default 0: any free port)
  --token       require "Authorization: Bearer <key>" (default: accept any request)
  --rate-limit  answer 429 with Retry-After past this rate, e.g. 10/1s
  --seed        JSON file of starting records, e.g. {"assistants": [{"name": "Reception"}]}
  --same-millisecond  stamp this many records in a row with one createdAt (default 1)
  --help        show this help`;

function fail(message: string): never {
  process.stderr.write(`vapi-mock: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

function parse() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string' },
        token: { type: 'string' },
        'rate-limit': { type: 'string' },
        seed: { type: 'string' },
        'same-millisecond': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (error) {
    return fail((error as Error).message);
  }
}

const args = parse();
if (args.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const port = args.port === undefined ? 0 : Number(args.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  fail(`--port must be an integer from 0 to 65535, got "${args.port}".`);
}
if (args.token !== undefined && args.token.trim() === '') fail('--token must not be empty.');
let rateLimit: { requests: number; windowMs: number } | undefined;
if (args['rate-limit'] !== undefined) {
  const match = /^(\d+)\/(\d+(?:\.\d+)?)s$/.exec(args['rate-limit']);
  if (!match || Number(match[2]) <= 0)
    fail(`--rate-limit must look like 10/1s, got "${args['rate-limit']}".`);
  rateLimit = { requests: Number(match[1]), windowMs: Number(match[2]) * 1000 };
}

const sameMillisecond = args['same-millisecond'] === undefined ? undefined : Number(args['same-millisecond']);
if (sameMillisecond !== undefined && !(Number.isInteger(sameMillisecond) && sameMillisecond >= 1)) {
  fail(`--same-millisecond must be an integer ≥ 1, got "${args['same-millisecond']}".`);
}

let seed: unknown;
if (args.seed !== undefined) {
  try {
    seed = JSON.parse(readFileSync(args.seed, 'utf8'));
  } catch (error) {
    fail(`--seed ${args.seed}: ${(error as Error).message}`);
  }
}

// Loaded only once the flags are good, so usage errors answer at once.
const { startFakeVapiServer } = await import('./server.ts');
const options = {
  port,
  token: args.token,
  rateLimit,
  sameMillisecond,
  ...(seed === undefined ? {} : { seed: seed as FakeVapiSeed }),
};
const server = await startFakeVapiServer(options).catch((error: Error) =>
  // Flags are checked above, so an option error here is about the seed file's contents.
  fail(
    error instanceof TypeError
      ? `--seed ${args.seed}: ${error.message}`
      : `cannot listen on 127.0.0.1:${port}: ${error.message}`,
  ),
);
process.stdout.write(`listening on ${server.url}\n`);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
