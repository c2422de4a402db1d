import { VapiArgumentError } from './errors.ts';
import type { VapiOptions } from './options.ts';

/**
 * Browsers have no environment: the options are used as given (see env-credentials.ts). The
 * logger lives outside the core bundle, so `logger`/`logLevel` say where to get it.
 */
export function withEnvCredentials(o: VapiOptions | undefined): VapiOptions | undefined {
  if (o?.logger || o?.logLevel)
    throw new VapiArgumentError("In a browser, use logHooks() from '@voxdesk/sdk/log' for logger/logLevel.");
  return o;
}
