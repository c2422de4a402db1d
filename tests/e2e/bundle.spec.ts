import { expect, test, type Page } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_OVER_LOGIN_BUDGET_KB, HOME_BUDGET_KB, measure } from '../../site/bench/bundle-size.ts';

/**
 * `@vapi-ai/web` (82 kB gz, mostly Daily's call library) must load only when /demo opens:
 * never in the chunks of the public pages. Checked twice: statically on the built files,
 * and by loading each public page in Chromium and inspecting every script it fetched.
 */

// --- The built client (site/dist/client) read as a graph of JS chunks ---
const clientDir = join(import.meta.dirname, '../../site/dist/client');
const assetsDir = join(clientDir, 'assets');

/** Strings that exist only in `@vapi-ai/web` and the Daily call library it bundles. */
const VOICE_SDK_MARKERS = ['daily-js', 'call-machine', 'DailyIframe'] as const;

interface Chunk {
  file: string;
  code: string;
  /** `import … from "./x.js"` / `import "./x.js"`: loaded together with this chunk. */
  staticImports: Set<string>;
  /** `import("./x.js")` and Vite's preload lists: loaded only when that code runs. */
  dynamicImports: Set<string>;
}

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'`]\.\/([\w.-]+\.js)["'`]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g;
const PRELOAD_DEP = /["'`]\/?assets\/([\w.-]+\.js)["'`]/g;

const matches = (code: string, pattern: RegExp) => new Set([...code.matchAll(pattern)].map((m) => m[1]!));

function readChunks(): Map<string, Chunk> {
  if (!existsSync(assetsDir))
    throw new Error(`${assetsDir} is missing: run "npm run build -w @voxdesk/site" first`);
  const chunks = new Map<string, Chunk>();
  for (const file of readdirSync(assetsDir).filter((name) => name.endsWith('.js'))) {
    const code = readFileSync(join(assetsDir, file), 'utf8');
    const staticImports = matches(code, STATIC_IMPORT);
    const dynamicImports = new Set([...matches(code, DYNAMIC_IMPORT), ...matches(code, PRELOAD_DEP)]);
    for (const dep of staticImports) dynamicImports.delete(dep);
    chunks.set(file, { file, code, staticImports, dynamicImports });
  }
  return chunks;
}

const containsVoiceSdk = (code: string) => VOICE_SDK_MARKERS.some((marker) => code.includes(marker));

/** The chunks a prerendered page loads up front: its scripts, modulepreloads, and their static imports. */
function upFrontChunks(htmlFile: string, chunks: Map<string, Chunk>): Set<string> {
  const html = readFileSync(join(clientDir, htmlFile), 'utf8');
  const roots = [
    ...html.matchAll(/<script[^>]*\bsrc="\/assets\/([\w.-]+\.js)"/g),
    ...html.matchAll(/<link[^>]*\brel="modulepreload"[^>]*\bhref="\/assets\/([\w.-]+\.js)"/g),
  ].map((m) => m[1]!);
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const dep of chunks.get(file)?.staticImports ?? []) visit(dep);
  };
  roots.forEach(visit);
  return seen;
}

const publicPages = [
  { path: '/', html: 'index.html' },
  { path: '/chatbot', html: 'chatbot/index.html' },
  { path: '/industries/health-clinics', html: 'industries/health-clinics/index.html' },
  { path: '/industries/law-firms', html: 'industries/law-firms/index.html' },
  { path: '/industries/home-services', html: 'industries/home-services/index.html' },
];

test.describe('voice SDK bundle isolation (static)', () => {
  const chunks = readChunks();
  const sdkChunks = [...chunks.values()].filter((chunk) => containsVoiceSdk(chunk.code)).map((c) => c.file);

  test('the build contains the voice SDK in its own chunk(s) (the markers are real)', () => {
    expect(sdkChunks.length).toBeGreaterThan(0);
  });

  test('only the /demo route chunk imports the voice SDK, and only dynamically', () => {
    const importers = [...chunks.values()].filter((chunk) =>
      sdkChunks.some((sdk) => chunk.staticImports.has(sdk) || chunk.dynamicImports.has(sdk)),
    );
    const outside = importers.filter((chunk) => !sdkChunks.includes(chunk.file));
    expect(outside.length).toBeGreaterThan(0);
    for (const chunk of outside) {
      expect(chunk.code, `${chunk.file} imports the voice SDK`).toContain('Start Conversation');
      for (const sdk of sdkChunks) expect(chunk.staticImports.has(sdk)).toBe(false);
    }
    // The demo route chunk itself is reached only through a dynamic (lazy route) import.
    for (const demo of outside) {
      const staticImporters = [...chunks.values()].filter((c) => c.staticImports.has(demo.file));
      expect(staticImporters.map((c) => c.file)).toEqual([]);
    }
  });

  for (const { path, html } of publicPages) {
    test(`${path} loads no voice SDK chunk up front`, () => {
      const upFront = upFrontChunks(html, chunks);
      expect(upFront.size).toBeGreaterThan(0);
      for (const file of upFront) {
        expect(containsVoiceSdk(chunks.get(file)?.code ?? ''), `${file} (loaded by ${path})`).toBe(false);
      }
    });
  }
});

test.describe('voice SDK bundle isolation (in Chromium)', () => {
  async function scriptsLoadedBy(page: Page, path: string) {
    const scripts: Promise<{ url: string; body: string }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(response.text().then((body) => ({ url: response.url(), body })));
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    return Promise.all(scripts);
  }

  for (const { path } of publicPages) {
    test(`${path} fetches no ${VOICE_SDK_MARKERS.join(' / ')} code`, async ({ page }) => {
      const scripts = await scriptsLoadedBy(page, path);
      expect(scripts.length).toBeGreaterThan(0);
      for (const { url, body } of scripts) expect(containsVoiceSdk(body), url).toBe(false);
    });
  }
});

test('/demo before Start ships at most 5 kB (gz) more JS than /login (issue 23)', () => {
  // From the build's manifest: the engine, the Vapi SDK, the preview player, the timer and the
  // summary load on Start; the preview notice only on a server without keys.
  const { routes } = measure(clientDir);
  const size = (path: string) => routes.find((route) => route.path === path)!.gzipKb;
  expect(size('/demo') - size('/login')).toBeLessThanOrEqual(DEMO_OVER_LOGIN_BUDGET_KB);
});

test('/ ships at most 115 kB (gz) of JS up front (issue 23)', () => {
  // A byte budget on the built output (entry + route chunk + their static imports), not a timing.
  const home = measure(clientDir).routes.find((route) => route.path === '/')!;
  expect(home.gzipKb).toBeLessThanOrEqual(HOME_BUDGET_KB);
});

test('each industry page ships at most 115 kB (gz) of JS up front, as / does (issue 23)', () => {
  const routes = measure(clientDir).routes.filter((route) => route.path.startsWith('/industries/'));
  expect(routes.map((route) => route.path).sort()).toEqual([
    '/industries/health-clinics',
    '/industries/home-services',
    '/industries/law-firms',
  ]);
  for (const route of routes) expect(route.gzipKb, route.path).toBeLessThanOrEqual(HOME_BUDGET_KB);
});

test("an industry page's sections below the hero are in its HTML and CSS, their JS not up front", () => {
  const html = readFileSync(join(clientDir, 'industries/health-clinics/index.html'), 'utf8');
  const deferred = readdirSync(assetsDir).filter((file) =>
    /^IndustrySections\.deferred-[\w-]+\.js$/.test(file),
  );
  expect(deferred).toHaveLength(1);
  for (const id of ['pain-points', 'features', 'roi', 'results', 'privacy', 'faq'])
    expect(html, `#${id}`).toContain(`id="${id}"`);
  expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/IndustrySections-[\w-]+\.css" disabled>/);
  expect(upFrontChunks('industries/health-clinics/index.html', readChunks()).has(deferred[0]!)).toBe(false);
  expect(html).not.toContain(deferred[0]);
});

test("/'s sections below the hero are in its HTML and CSS, their JS not up front", () => {
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const deferred = readdirSync(assetsDir).filter((file) => /^BelowTheFold\.deferred-[\w-]+\.js$/.test(file));
  expect(deferred).toHaveLength(1);
  // Prerendered whole (the server loads deferred parts before rendering)...
  for (const id of ['integrations', 'use-cases', 'benefits', 'comparison', 'bundles', 'how-it-works'])
    expect(html, `#${id}`).toContain(`id="${id}"`);
  // ...styled inline from the first paint (a disabled link keeps Vite from fetching it again)...
  expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/BelowTheFold-[\w-]+\.css" disabled>/);
  // ...and its chunk neither a script nor a modulepreload of the page.
  expect(upFrontChunks('index.html', readChunks()).has(deferred[0]!)).toBe(false);
  expect(html).not.toContain(deferred[0]);
});
