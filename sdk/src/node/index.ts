/**
 * `@voxdesk/sdk/node`: the same client plus Node extras — proxy support from HTTPS_PROXY /
 * HTTP_PROXY / NO_PROXY (via undici) and file paths as upload sources.
 */
import { VapiClient } from '../client.ts';
import type { Vapi as CoreVapi, VapiOptions } from '../index.ts';
import { resolvePathUpload } from './files.ts';
import { proxyFetchFromEnv } from './proxy.ts';

export * from '../index.ts';
export { fileFromPath } from './files.ts';
export { proxyFetchFromEnv } from './proxy.ts';

class NodeVapiClient extends VapiClient {
  constructor(options?: VapiOptions) {
    const proxied = options?.fetch ? undefined : proxyFetchFromEnv();
    super(proxied ? { ...options, fetch: proxied } : options);
    this.resolveUpload = resolvePathUpload;
  }
}

export type Vapi = CoreVapi;
export const Vapi = NodeVapiClient as unknown as new (options?: VapiOptions) => Vapi;
