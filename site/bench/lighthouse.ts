// Lighthouse (mobile, simulated throttling) for the home page, an industry page, /chatbot and
// /demo (signed in) against the built site served by its real server on loopback, on a throwaway
// database. `npm run lighthouse -w @voxdesk/site` (after a build). Needs Debian's Chromium;
// skipped (with a note) without it. Scores swing with machine load: the load average is printed.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * `signedIn`: measured with a session cookie (the app pages). `noindex`: the page asks search
 * engines not to index it (issue 24: /login, /demo, /admin), so its SEO score leaves out the
 * `is-crawlable` audit, which fails exactly because of that tag.
 */
const ALL_ROUTES = [
  { path: '/' },
  { path: '/industries/health-clinics' },
  { path: '/demo', signedIn: true, noindex: true },
  { path: '/chatbot' },
];
/** The audit a deliberate noindex fails; skipped on `noindex` routes, and the output says so. */
const CRAWLABLE_AUDIT = 'is-crawlable';
/** `LIGHTHOUSE_ROUTES=/demo,/` measures only those. */
const only = process.env.LIGHTHOUSE_ROUTES?.split(',').map((path) => path.trim());
const ROUTES = only ? ALL_ROUTES.filter((route) => only.includes(route.path)) : ALL_ROUTES;
const ADMIN = { email: 'lighthouse@example.com', password: 'lighthouse bench password 1' };
/** Scores swing with machine load; the median of several runs is what gets printed. */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const siteDir = join(import.meta.dirname, '..');
const lighthouseBin = join(siteDir, '../node_modules/.bin/lighthouse');

/** Starts dist/server on a free loopback port and resolves with its URL. */
function startServer(dataDir: string): Promise<{ url: string; server: ChildProcess }> {
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: siteDir,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      VOXDESK_DB: join(dataDir, 'voxdesk.db'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve({ url: match[1]!, server });
    });
    server.once('exit', (code) =>
      reject(new Error(`the site server exited (${code}) before listening:\n${output}`)),
    );
  });
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, CHROME_PATH: chromePath },
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`lighthouse exited ${code}:\n${stderr.slice(-2000)}`)),
    );
  });
}

/** A session cookie for the bench's Admin, through the login route as the browser signs in. */
async function sessionCookie(url: string): Promise<string> {
  const response = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok)
    throw new Error(`login for Lighthouse failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { score: number | null; title: string; scoreDisplayMode: string }>;
}

if (!existsSync(chromePath)) {
  console.log(
    `Lighthouse skipped: no Chromium at ${chromePath} (apt-get install chromium, or set CHROME_PATH).`,
  );
} else if (!existsSync(lighthouseBin)) {
  console.log('Lighthouse skipped: the lighthouse package is not installed (npm install).');
} else {
  const outDir = await mkdtemp(join(tmpdir(), 'voxdesk-lighthouse-'));
  const { url, server } = await startServer(outDir);
  try {
    const cookie = await sessionCookie(url);
    const load = () =>
      loadavg()
        .map((n) => n.toFixed(1))
        .join(', ');
    console.log(`\nLighthouse 13, mobile, simulated throttling, median of ${RUNS} run(s), against ${url}`);
    console.log(`load average at start: ${load()}\n`);
    console.log(['route'.padEnd(30), ...CATEGORIES.map((c) => c.padStart(15))].join(''));
    for (const { path: route, signedIn, noindex } of ROUTES) {
      // Skip the audit only where the noindex is really there (it is what the audit reports).
      if (noindex) {
        const page = await fetch(`${url}${route}`, { headers: signedIn ? { cookie } : {} });
        if (!/<meta name="robots" content="noindex"/.test(await page.text()))
          throw new Error(`${route} is listed as noindex but its HTML has no robots noindex meta`);
      }
      const reports: LighthouseReport[] = [];
      for (let attempt = 0; attempt < RUNS; attempt++) {
        const output = join(outDir, `${route.replace(/\W+/g, '_') || 'home'}-${attempt}.json`);
        const args = [
          `${url}${route}`,
          ...(signedIn ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
          ...(noindex ? [`--skip-audits=${CRAWLABLE_AUDIT}`] : []),
          '--quiet',
          `--only-categories=${CATEGORIES.join(',')}`,
          '--output=json',
          `--output-path=${output}`,
          '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --host-resolver-rules="MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"',
        ];
        // Under load Chromium sometimes loses the trace (NO_NAVSTART): one more try, then skip.
        try {
          await run(lighthouseBin, args).catch(() => run(lighthouseBin, args));
        } catch (error) {
          console.log(
            `${route.padEnd(30)}run ${attempt + 1} failed: ${String(error).split('\n')[1] ?? error}`,
          );
          continue;
        }
        reports.push(JSON.parse(await readFile(output, 'utf8')) as LighthouseReport);
      }
      const scores = CATEGORIES.map((category) => {
        const runs = reports
          .map((report) => report.categories[category]?.score)
          .filter((s) => typeof s === 'number');
        return (runs.length ? String(Math.round(median(runs) * 100)) : 'n/a').padStart(15);
      });
      const perfRuns = reports.map((report) => Math.round((report.categories.performance?.score ?? 0) * 100));
      console.log([route.padEnd(30), ...scores, `   (performance runs: ${perfRuns.join(', ')})`].join(''));
      if (noindex)
        console.log(
          `${''.padEnd(30)}SEO without "${CRAWLABLE_AUDIT}": the page is noindex on purpose (a sign-in screen is nobody's search result)`,
        );
      if (reports.length === 0) continue;
      const failing = Object.values(reports[reports.length - 1]!.audits)
        .filter((audit) => audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'numeric')
        .filter((audit) => audit.score !== null && audit.score < 0.9)
        .map((audit) => `${audit.title} (${Math.round((audit.score ?? 0) * 100)})`);
      if (failing.length) console.log(`${''.padEnd(30)}below 90 in the last run: ${failing.join('; ')}`);
    }
    console.log(`\nload average at the end: ${load()}`);
  } finally {
    server.kill('SIGTERM');
    await rm(outDir, { recursive: true, force: true });
  }
}
