import { CliError, ExitCode, SilentExit, type ExitCodeValue } from './errors.ts';
import type { Factory, IOStreams } from './factory.ts';
import { redact } from './redact.ts';

function requestLabel(method: unknown, url: unknown, withQuery = true): string {
  if (typeof url !== 'string') return String(method ?? 'request');
  try {
    const parsed = new URL(url);
    return `${String(method ?? 'GET')} ${parsed.pathname}${withQuery ? parsed.search : ''}`;
  } catch {
    return `${String(method ?? 'GET')} ${url}`;
  }
}

type Credential = NonNullable<Factory['credential']>;

/** Which token Vapi refused, and how to fix it: by where the token came from. */
function refusedToken(credential: Credential | undefined): string {
  const login =
    credential?.profile && credential.profile !== 'default'
      ? `voxdesk auth login --profile ${credential.profile}`
      : 'voxdesk login';
  switch (credential?.source) {
    case 'VAPI_TOKEN':
    case 'VAPI_API_KEY':
      return `. The token came from ${credential.source}: check it is your private key (not the public one), or unset ${credential.source} to use the stored login`;
    case '--token':
      return '. The token came from --token: check it is your private key (not the public one)';
    case 'config file':
      return `. The token came from the config file (profile ${credential.profile}): store a new one with \`${login}\``;
    default:
      return '';
  }
}

/** A --timeout that covers a wait of `ms` and the retry after it, in whole minutes. */
const waitFor = (ms: number) => `${Math.ceil(ms / 60_000) + 1}m`;

/** One line on stderr for any error, and the exit code it maps to. */
async function describeError(
  error: unknown,
  credential?: Credential,
): Promise<{ line: string; exitCode: ExitCodeValue }> {
  if (error instanceof CliError) return { line: error.message, exitCode: error.exitCode };
  const sdk = await import('@voxdesk/sdk');
  // No response at all (refused, DNS, timeout): the SDK's message names the request.
  if (error instanceof sdk.VapiError && error.status === 0) {
    return { line: error.message, exitCode: ExitCode.error };
  }
  // A 2xx that is not the JSON the operation promises (an HTML page from a proxy, a bare array).
  if (error instanceof sdk.VapiUnexpectedResponseError)
    return { line: error.message, exitCode: ExitCode.error };
  if (error instanceof sdk.VapiError) {
    // A refused key has nothing to do with the query (a list asks for one more than --limit).
    const label = requestLabel(error.method, error.url, error.status !== 401);
    const status = `${error.status}${error.response?.statusText ? ` ${error.response.statusText}` : ''}`;
    const { message } = sdk.parseVapiErrorBody(error.body);
    const requestId = error.requestId ? ` (request id ${error.requestId})` : '';
    // 401 (no or bad key) and 403 (a key without the right, e.g. a public key): fix the credentials.
    const exitCode = error.status === 401 || error.status === 403 ? ExitCode.auth : ExitCode.error;
    // A 429/503 that says how long to wait: when to try again (the SDK gave up on it
    // because the retries ran out or the wait would pass --timeout).
    const wait = error.retryAt ? error.retryAt.getTime() - Date.now() : 0;
    const retry =
      wait >= 1000
        ? `; Vapi asks to wait ${Math.round(wait / 1000)} s: try again after ${error.retryAt?.toISOString().replace(/\.\d+Z$/, 'Z')}, or give --timeout ${waitFor(wait)} to wait for it`
        : '';
    const fix = error.status === 401 ? refusedToken(credential) : '';
    return {
      line: `${label} failed: ${status}${message ? `: ${message}` : ''}${requestId}${retry}${fix}`,
      exitCode,
    };
  }
  // The SDK checks its arguments before sending and says what to fix: a usage error.
  if (error instanceof sdk.VapiArgumentError) return { line: error.message, exitCode: ExitCode.usage };
  return { line: error instanceof Error ? error.message : String(error), exitCode: ExitCode.error };
}

export async function reportError(
  error: unknown,
  io: IOStreams,
  secrets: readonly string[],
  credential?: Credential,
): Promise<number> {
  const { line, exitCode } = await describeError(error, credential);
  if (error instanceof SilentExit) return exitCode;
  io.stderr.write(`voxdesk: ${redact(line, secrets)}\n`);
  return exitCode;
}
