import { VERSION } from './generated/meta.ts';

/**
 * Runtime name/version for the user agent: Node, Deno or Bun; undefined in browsers. A browser
 * build takes user-agent.browser.ts instead (the `#user-agent` import of package.json).
 */
function runtime(): string | undefined {
  const g = globalThis as {
    Deno?: { version?: { deno?: string } };
    process?: { versions?: Record<string, string> };
  };
  if (g.Deno?.version?.deno) return `deno/${g.Deno.version.deno}`;
  const versions = g.process?.versions;
  if (versions?.bun) return `bun/${versions.bun}`;
  if (versions?.node) return `node/${versions.node}`;
  return undefined;
}

const where = runtime();

/**
 * Headers that identify the SDK on every request: `user-agent: voxdesk-sdk/<version>
 * node/<version>` on servers. None in a browser: it forbids setting the user agent, and a header
 * of our own would need Vapi's CORS to allow it, or every call would fail its preflight and look
 * like a connection error (`@vapi-ai/web` sends only Authorization and Content-Type). A page that
 * wants one passes it: `headers: { 'x-voxdesk-sdk-version': VERSION }`.
 */
export const sdkHeaders: Record<string, string> = where
  ? { 'user-agent': `voxdesk-sdk/${VERSION} ${where}` }
  : {};
