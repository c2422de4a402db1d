import { VERSION } from './generated/meta.ts';

/** Runtime name/version for the user agent: Node, Deno or Bun; undefined in browsers. */
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
 * node/<version>` on servers; browsers forbid setting the user agent, so there it is
 * `x-voxdesk-sdk-version: <version>`.
 */
export const sdkHeaders: Record<string, string> = where
  ? { 'user-agent': `voxdesk-sdk/${VERSION} ${where}` }
  : { 'x-voxdesk-sdk-version': VERSION };
