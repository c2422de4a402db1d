/**
 * Bundles a small app that imports the BUILT `@voxdesk/sdk` (its `dist/`, through the package's
 * `exports`, as a user's project would) with esbuild, Vite and webpack, and reports each tool's
 * warnings and the min+gz size. Used by `npm run bench` and by tests/e2e/sdk-dist.spec.ts, which
 * fails on any warning. Build the SDK first (`npm run build -w @voxdesk/sdk`).
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Stats } from 'webpack';

/** An app for one entry of the package, and the platform it is bundled for. */
export interface DistApp {
  name: string;
  code: string;
  platform: 'browser' | 'node';
}

/** One app for each entry a user bundles: the root, `/fn` and `/node`. */
export const DIST_APPS: DistApp[] = [
  {
    name: 'index',
    platform: 'browser',
    code: "import { Vapi, NotFoundError } from '@voxdesk/sdk';\nnew Vapi({ token: 'sk' }).assistants.list().catch((e) => console.log(e instanceof NotFoundError));\n",
  },
  {
    name: 'fn',
    platform: 'browser',
    code: "import { VapiCore, listAssistants } from '@voxdesk/sdk/fn';\nlistAssistants(new VapiCore({ token: 'sk' })).then(console.log);\n",
  },
  {
    name: 'node',
    platform: 'node',
    code: "import { Vapi, NotFoundError } from '@voxdesk/sdk/node';\nnew Vapi({ token: 'sk' }).assistants.list().catch((e) => console.log(e instanceof NotFoundError));\n",
  },
];

export interface Bundled {
  tool: 'esbuild' | 'vite' | 'webpack';
  app: string;
  warnings: string[];
  /** min+gz bytes of the JS written (all chunks). */
  bytes: number;
}

const sdkDir = new URL('..', import.meta.url).pathname;

/** A temp project inside the SDK folder, so `@voxdesk/sdk` resolves through node_modules. */
function project(app: DistApp): { dir: string; entry: string; out: string } {
  const dir = mkdtempSync(join(sdkDir, '.bundle-'));
  const entry = join(dir, `${app.name}.js`);
  writeFileSync(entry, app.code);
  return { dir, entry, out: join(dir, 'out') };
}

/** min+gz of every .js/.mjs/.cjs written under `dir`. */
function gzSize(dir: string): number {
  let total = 0;
  for (const f of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (f.isFile() && /\.[mc]?js$/.test(f.name))
      total += gzipSync(readFileSync(join(f.parentPath, f.name)), { level: 9 }).length;
  }
  return total;
}

export async function withEsbuild(app: DistApp): Promise<Bundled> {
  const { build, formatMessages } = await import('esbuild');
  const p = project(app);
  try {
    const result = await build({
      entryPoints: [p.entry],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: app.platform,
      external: ['undici'],
      outdir: p.out,
      logLevel: 'silent',
    });
    const warnings = await formatMessages(result.warnings, { kind: 'warning' });
    return { tool: 'esbuild', app: app.name, warnings, bytes: gzSize(p.out) };
  } finally {
    rmSync(p.dir, { recursive: true, force: true });
  }
}

export async function withVite(app: DistApp): Promise<Bundled> {
  const { build, createLogger } = await import('vite');
  const p = project(app);
  const warnings: string[] = [];
  const logger = createLogger('silent');
  logger.warn = (message) => void warnings.push(message);
  logger.warnOnce = (message) => void warnings.push(message);
  try {
    await build({
      root: p.dir,
      configFile: false,
      logLevel: 'silent',
      customLogger: logger,
      ...(app.platform === 'node' ? { ssr: { noExternal: true, external: ['undici'] } } : {}),
      build: {
        outDir: p.out,
        minify: true,
        ...(app.platform === 'node' ? { ssr: p.entry } : {}),
        rollupOptions: {
          input: p.entry,
          external: ['undici'],
          onwarn: (warning) => void warnings.push(String(warning.message)),
        },
      },
    });
    return { tool: 'vite', app: app.name, warnings, bytes: gzSize(p.out) };
  } finally {
    rmSync(p.dir, { recursive: true, force: true });
  }
}

export async function withWebpack(app: DistApp): Promise<Bundled> {
  const { default: webpack } = await import('webpack');
  const p = project(app);
  try {
    const stats = await new Promise<Stats>((resolve, reject) =>
      webpack(
        {
          mode: 'production',
          context: p.dir,
          entry: p.entry,
          target: app.platform === 'node' ? 'node22' : 'web',
          output: { path: p.out },
          externals: { undici: 'module undici' },
          externalsType: 'module',
          experiments: { outputModule: true },
        },
        (error, result) =>
          error || !result ? reject(error ?? new Error('webpack: no stats')) : resolve(result),
      ),
    );
    const info = stats.toJson({ all: false, warnings: true, errors: true });
    if (info.errors?.length) throw new Error(`webpack: ${info.errors.map((e) => e.message).join('\n')}`);
    const warnings = (info.warnings ?? []).map((w) => w.message);
    return { tool: 'webpack', app: app.name, warnings, bytes: gzSize(p.out) };
  } finally {
    rmSync(p.dir, { recursive: true, force: true });
  }
}

/** Every app with every tool. */
export async function bundleDist(): Promise<Bundled[]> {
  const results: Bundled[] = [];
  for (const app of DIST_APPS)
    for (const tool of [withEsbuild, withVite, withWebpack]) results.push(await tool(app));
  return results;
}

if (import.meta.main) {
  for (const r of await bundleDist()) {
    console.log(`${r.tool} ${r.app}: ${r.bytes} B min+gz, ${r.warnings.length} warning(s)`);
    for (const w of r.warnings) console.log(`  ${w.split('\n').join('\n  ')}`);
  }
}
