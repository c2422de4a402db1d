/**
 * `@voxdesk/sdk/node`: the same client plus Node extras — proxy support from HTTPS_PROXY /
 * HTTP_PROXY / NO_PROXY (via undici) and file paths as upload sources.
 * @example
 * ```ts
 * import { Vapi } from '@voxdesk/sdk/node';
 *
 * const vapi = new Vapi({ token: process.env.VAPI_TOKEN, baseUrl: process.env.VAPI_BASE_URL });
 * const file = await vapi.files.create('./docs/faq.pdf'); // a path becomes a streamed upload
 * console.log(file.id);
 * ```
 * @module @voxdesk/sdk/node
 */
import { Vapi as CoreVapi } from '../generated/vapi.ts';
import type { VapiOptions } from '../options.ts';
import type { UploadSource } from '../upload.ts';
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
export {
  WavWriter,
  writeWav,
  type PcmFrame,
  type WavDestination,
  type WavSummary,
  type WavTarget,
} from './wav.ts';

/** An upload from Node: anything the core entry takes, or a file path / `file:` URL. */
export type NodeUploadable = UploadSource;

/**
 * The Vapi client for Node: everything `@voxdesk/sdk`'s `Vapi` does, plus requests through
 * the proxy named by HTTPS_PROXY / HTTP_PROXY (honouring NO_PROXY) when no `fetch` option is
 * given, and file paths or `file:` URLs as uploads (`vapi.files.create('./faq.pdf')`).
 */
export class Vapi extends CoreVapi<NodeUploadable> {
  constructor(options?: VapiOptions) {
    const proxied = options?.fetch ? undefined : proxyFetchFromEnv();
    super(proxied ? { ...options, fetch: proxied } : options);
    this.resolveUpload = resolvePathUpload;
  }
}
