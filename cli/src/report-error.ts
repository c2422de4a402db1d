import { CliError, ExitCode, SilentExit, type ExitCodeValue } from './errors.ts';
import type { IOStreams } from './factory.ts';
import { redact } from './redact.ts';

function requestLabel(method: unknown, url: unknown): string {
  if (typeof url !== 'string') return String(method ?? 'request');
  try {
    const parsed = new URL(url);
    return `${String(method ?? 'GET')} ${parsed.pathname}${parsed.search}`;
  } catch {
    return `${String(method ?? 'GET')} ${url}`;
  }
}

/** One line on stderr for any error, and the exit code it maps to. */
async function describeError(error: unknown): Promise<{ line: string; exitCode: ExitCodeValue }> {
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
    const label = requestLabel(error.method, error.url);
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
        ? `; Vapi asks to wait ${Math.round(wait / 1000)} s: try again after ${error.retryAt?.toISOString().replace(/\.\d+Z$/, 'Z')}`
        : '';
    return {
      line: `${label} failed: ${status}${message ? `: ${message}` : ''}${requestId}${retry}`,
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
): Promise<number> {
  const { line, exitCode } = await describeError(error);
  if (error instanceof SilentExit) return exitCode;
  io.stderr.write(`voxdesk: ${redact(line, secrets)}\n`);
  return exitCode;
}
