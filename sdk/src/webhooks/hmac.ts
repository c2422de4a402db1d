/**
 * HMAC of a message given in parts, on whichever engine the runtime has that is fastest.
 *
 * Node's Web Crypto runs every `sign()` as a job on libuv's thread pool: a 20 kB webhook costs
 * ~20 µs to hash but ~60–500 µs to hand over and back (more the busier the machine), so a
 * verifier on Web Crypto alone ran at 0.2–0.3× node:crypto. Where the runtime offers
 * `node:crypto` without an import (`process.getBuiltinModule`: Node ≥ 20.16, Bun, Deno,
 * Workers with nodejs_compat) its synchronous `createHmac` is used, fed part by part so the
 * body is never copied; everywhere else (browsers, plain edge runtimes) Web Crypto, with the
 * key imported once.
 */
import { concat } from './bytes.ts';

/** Web Crypto's names for the hashes Vapi's HMAC plans use. */
export type HmacHash = 'SHA-1' | 'SHA-256' | 'SHA-512';

/** The MAC of the parts, concatenated, under one key. */
export type MacFunction = (parts: readonly Uint8Array[]) => Promise<Uint8Array>;

/** The slice of node:crypto used here (the core compiles without @types/node). */
interface NodeCrypto {
  createSecretKey(key: Uint8Array): NodeSecretKey;
  createHmac(
    algorithm: string,
    key: NodeSecretKey,
  ): { update(data: Uint8Array): unknown; digest(): Uint8Array };
}
/** A node:crypto KeyObject, opaque here. */
type NodeSecretKey = { readonly type: 'secret' };

/** node:crypto when the runtime hands it out synchronously; undefined otherwise. */
export function builtinNodeCrypto(): NodeCrypto | undefined {
  const g = globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } };
  try {
    const crypto = g.process?.getBuiltinModule?.('node:crypto') as Partial<NodeCrypto> | undefined;
    return typeof crypto?.createHmac === 'function' && typeof crypto.createSecretKey === 'function'
      ? (crypto as NodeCrypto)
      : undefined;
  } catch {
    // why: a runtime may list the API yet refuse the module (a sandbox, a partial polyfill).
    return undefined;
  }
}

function nodeMac(nodeCrypto: NodeCrypto, key: Uint8Array, hash: HmacHash): MacFunction {
  const algorithm = hash.replace('-', '').toLowerCase();
  // why: createHmac with raw key bytes spends twice the hashing time checking what the key is
  // (3× for a 20 kB body, profiled); a KeyObject made once skips that.
  const secretKey = nodeCrypto.createSecretKey(key);
  return async (parts) => {
    const hmac = nodeCrypto.createHmac(algorithm, secretKey);
    for (const part of parts) hmac.update(part);
    return hmac.digest();
  };
}

function webCryptoMac(key: Uint8Array<ArrayBuffer>, hash: HmacHash): MacFunction {
  let imported: ReturnType<typeof crypto.subtle.importKey> | undefined;
  return async (parts) => {
    imported ??= crypto.subtle.importKey('raw', key, { name: 'HMAC', hash }, false, ['sign']);
    return new Uint8Array(await crypto.subtle.sign('HMAC', await imported, concat(parts)));
  };
}

/** Prepares the MAC for one key: node:crypto when the runtime offers it, else Web Crypto. */
export function createMac(key: Uint8Array<ArrayBuffer>, hash: HmacHash): MacFunction {
  const nodeCrypto = builtinNodeCrypto();
  return nodeCrypto ? nodeMac(nodeCrypto, key, hash) : webCryptoMac(key, hash);
}
