/**
 * `@voxdesk/sdk/node`: the same client plus Node extras — proxy support from HTTPS_PROXY /
 * HTTP_PROXY / NO_PROXY (via undici) and file paths as upload sources.
 * @module @voxdesk/sdk/node
 */
import { VapiClient } from '../client.ts';
import type { Vapi as CoreVapi, VapiOptions } from '../index.ts';
import { resolvePathUpload } from './files.ts';
import { proxyFetchFromEnv } from './proxy.ts';

export * from '../index.ts';
export { fileFromPath } from './files.ts';
export { proxyFetchFromEnv } from './proxy.ts';
export {
  requestFromNode,
  sendNodeResponse,
  toNodeListener,
  type NodeListenerOptions,
} from './fetch-handler.ts';

class NodeVapiClient extends VapiClient {
  constructor(options?: VapiOptions) {
    const proxied = options?.fetch ? undefined : proxyFetchFromEnv();
    super(proxied ? { ...options, fetch: proxied } : options);
    this.resolveUpload = resolvePathUpload;
  }
}

/** The same client type as `@voxdesk/sdk`'s `Vapi`. */
export type Vapi = CoreVapi;
/**
 * The Vapi client for Node: everything `@voxdesk/sdk`'s `Vapi` does, plus requests through
 * the proxy named by HTTPS_PROXY / HTTP_PROXY (honouring NO_PROXY) when no `fetch` option is
 * given, and file paths or `file:` URLs as uploads (`vapi.files.create('./faq.pdf')`).
 * @class
 */
export const Vapi = NodeVapiClient as unknown as new (options?: VapiOptions) => Vapi;
