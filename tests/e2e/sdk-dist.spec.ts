import { expect, test } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleDist } from '../../sdk/bench/bundlers.ts';

/**
 * The SDK as users get it: its BUILT dist/ (run after `npm run build`), not src/.
 *  - every entry shares one copy of each class within a format, and `instanceof` holds across
 *    the CommonJS and ES module builds loaded in one process (issue 27);
 *  - esbuild, Vite and webpack bundle the root, /fn and /node entries without a warning.
 */
const dist = join(import.meta.dirname, '../../sdk/dist');
const require = createRequire(import.meta.url);
type Entry = Record<string, unknown>;

const ENTRIES = [
  'index',
  'node/index',
  'fn',
  'webhooks/index',
  'operations',
  'control',
  'listen/index',
  'streaming/index',
  'tools/index',
];
const cjs = (name: string) => require(join(dist, `${name}.cjs`)) as Entry;
const esm = async (name: string) => (await import(pathToFileURL(join(dist, `${name}.js`)).href)) as Entry;

/** The exported classes: functions with a prototype other than plain functions' (names start upper case). */
const classesOf = (entry: Entry) =>
  Object.entries(entry).filter(([name, v]) => typeof v === 'function' && /^[A-Z]/.test(name));
const errorClassesOf = (entry: Entry) =>
  classesOf(entry).filter(([, v]) => (v as { prototype: unknown }).prototype instanceof Error);

/** An instance of an error class, whatever its constructor takes. */
const make = (type: unknown) =>
  new (type as new (...args: unknown[]) => Error)('x', { method: 'GET', url: 'https://api.vapi.test/' });

test.describe('the built SDK: one class identity (issue 27)', () => {
  test('within each format, every pair of entries shares each class they both export', async () => {
    for (const [format, load] of [
      ['cjs', async (n: string) => cjs(n)],
      ['esm', esm],
    ] as const) {
      const loaded = await Promise.all(ENTRIES.map(async (name) => [name, await load(name)] as const));
      let shared = 0;
      for (const [a, left] of loaded)
        for (const [b, right] of loaded) {
          if (a >= b) continue;
          for (const [name, value] of classesOf(left)) {
            if (!(name in right)) continue;
            if (name === 'Vapi' && b === 'node/index') {
              // /node's own Vapi (proxy and file paths) extends the root's, by design.
              expect(Object.getPrototypeOf(right[name]), `${format}: /node's Vapi`).toBe(value);
              continue;
            }
            expect(right[name], `${format}: ${name} from ${a} and from ${b}`).toBe(value);
            shared++;
          }
        }
      // index/node/fn share the client and every error class: a guard that the loop saw them.
      expect(shared).toBeGreaterThan(40);
    }
  });

  test('across formats, instanceof holds both ways for every error class of every pair of entries', async () => {
    const all: [string, Entry][] = [];
    for (const name of ENTRIES) all.push([`cjs ${name}`, cjs(name)], [`esm ${name}`, await esm(name)]);
    let checked = 0;
    for (const [a, left] of all)
      for (const [b, right] of all) {
        for (const [name, type] of errorClassesOf(left)) {
          const other = right[name];
          if (typeof other !== 'function') continue;
          const error = make(type);
          expect(error instanceof (other as new () => unknown), `${name} from ${a} instanceof ${b}'s`).toBe(
            true,
          );
          expect(error instanceof Error).toBe(true);
          checked++;
        }
        // A different class never matches: a NotFoundError is no RateLimitError, in any copy.
        const notFound = left.NotFoundError;
        const rateLimit = right.RateLimitError as (new () => unknown) | undefined;
        if (notFound && rateLimit) expect(make(notFound) instanceof rateLimit).toBe(false);
        const vapiError = right.VapiError as (new () => unknown) | undefined;
        if (notFound && vapiError) expect(make(notFound) instanceof vapiError).toBe(true);
      }
    expect(checked).toBeGreaterThan(100);
    // A subclass of the caller's own keeps the ordinary rule.
    const { NotFoundError } = await esm('index');
    class Mine extends (NotFoundError as new (...args: unknown[]) => Error) {}
    expect(make(cjs('index').NotFoundError) instanceof Mine).toBe(false);
    expect(make(Mine) instanceof (cjs('index').NotFoundError as new () => unknown)).toBe(true);
  });

  test('a CommonJS app that builds the client from /node catches a 404 with the root entry’s NotFoundError', async () => {
    const server: Server = createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"message":"Assistant not found","statusCode":404}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      type Client = { assistants: { get(id: string): Promise<unknown> } };
      const { Vapi } = cjs('node/index') as { Vapi: new (o: object) => Client };
      const error = await new Vapi({ token: 'sk', baseUrl }).assistants.get('a1').catch((e: unknown) => e);
      expect(error instanceof (cjs('index').NotFoundError as new () => unknown)).toBe(true);
      expect(error instanceof ((await esm('index')).NotFoundError as new () => unknown)).toBe(true);
      expect(error instanceof ((await esm('fn')).VapiError as new () => unknown)).toBe(true);
    } finally {
      server.close();
    }
  });
});

test.describe('the built SDK in a bundler (issue 27)', () => {
  test('esbuild, Vite and webpack bundle dist/index.js, /fn and /node with 0 warnings', async () => {
    test.setTimeout(180_000);
    const results = await bundleDist();
    expect(results.map((r) => `${r.tool} ${r.app}`)).toHaveLength(9);
    for (const r of results) {
      expect(r.warnings, `${r.tool} ${r.app}`).toEqual([]);
      expect(r.bytes, `${r.tool} ${r.app} wrote a bundle`).toBeGreaterThan(1000);
    }
  });
});
