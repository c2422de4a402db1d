import type { VapiOptions } from './options.ts';

/** Browsers have no environment: the options are used as given (see env-credentials.ts). */
export const withEnvCredentials = (o: VapiOptions | undefined): VapiOptions | undefined => o;
