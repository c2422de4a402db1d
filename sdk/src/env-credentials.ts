import { VapiArgumentError } from './errors.ts';
import { withLogging } from './log-hooks.ts';
import { DEFAULT_BASE_URL, type VapiOptions } from './options.ts';

const trimmed = (url: unknown) => `${url}`.replace(/\/+$/, '');

/** Stands in for a missing token: the request fails before anything is sent. */
function noToken(): never {
  throw new VapiArgumentError(
    'No API token: pass new Vapi({ token }), or set VAPI_TOKEN (sent to VAPI_BASE_URL, else https://api.vapi.ai). token: null sends none on purpose.',
  );
}

/** The environment's variables; none where reading them is refused. */
function environment(): Record<string, string | undefined> {
  try {
    return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
  } catch {
    // Deno without --allow-env throws on access: no environment.
    return {};
  }
}

/**
 * The options as the environment completes them (browsers take env-credentials.browser.ts):
 * the credentials (see `credentials`), and `logger`/`logLevel`/`VAPI_LOG` turned into
 * `onRequest`/`onResponse` hooks (see log.ts).
 */
export const withEnvCredentials = (o: VapiOptions | undefined): VapiOptions | undefined =>
  withLogging(credentials(o), environment().VAPI_LOG);

/**
 * The options with VAPI_TOKEN and VAPI_BASE_URL filled in as one pair, where the platform has
 * an environment (Node, Deno, Bun). A token option
 * (or `null`: no Authorization on purpose) takes nothing from the environment, so it never
 * goes to VAPI_BASE_URL; VAPI_TOKEN goes only to VAPI_BASE_URL (else the default), never to
 * another `baseUrl`. Bad values are then named by the options check.
 */
function credentials(o: VapiOptions | undefined): VapiOptions | undefined {
  if (o?.token || o?.token === null || (o !== undefined && typeof o !== 'object')) return o;
  const env = environment();
  const pair = env.VAPI_BASE_URL || DEFAULT_BASE_URL;
  const baseUrl = o?.baseUrl ?? pair;
  const token = trimmed(baseUrl) === trimmed(pair) ? env.VAPI_TOKEN : undefined;
  return { ...o, baseUrl, token: token || noToken };
}
