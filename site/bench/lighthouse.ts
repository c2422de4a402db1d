// Lighthouse (mobile, simulated throttling) for the home page, an industry page, /chatbot and
// /demo (signed in) against the built site served by its real server on loopback, on a throwaway
// database. `npm run lighthouse -w @voxdesk/site` (after a build). Needs Debian's Chromium;
// skipped (with a note) without it. Scores swing with machine load: the load average is printed.
//
// Lighthouse runs in this process on a Chromium started by puppeteer-core (both come with the
// lighthouse package), one fresh browser per run. A signed-in run needs more than the session
// cookie: the app's route guard reads the local session flag (spec §3) before it asks the
// server, and without it /demo goes straight to /login, so a cookie alone measures the login
// page. The run therefore stores the flag first, keeps storage (Lighthouse would clear it) and
// empties the HTTP cache itself, so it still loads cold.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

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
/** `LIGHTHOUSE_KEEP=DIR` keeps every run's JSON report there (the critical chain, the timings). */
const keepDir = process.env.LIGHTHOUSE_KEEP;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const siteDir = join(import.meta.dirname, '..');
/** Chromium's flags: no background traffic, and no DNS look-ups beyond loopback (FACTS.md). */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
];

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

interface Session {
  cookie: string;
  /** `GET /api/session`'s user: what the app keeps as its local session after signing in. */
  user: unknown;
}

/**
 * One Lighthouse run in a fresh Chromium. Signed in: the session cookie on every request and
 * the app's local session in localStorage, as after a real sign-in; storage is kept and the
 * HTTP cache emptied by hand, so the page still loads cold.
 */
async function lighthouseRun(
  pageUrl: string,
  options: { session?: Session; skipAudits?: string[] },
): Promise<LighthouseReport> {
  const browser = await puppeteer.launch({ executablePath: chromePath, headless: true, args: CHROME_FLAGS });
  try {
    const page = await browser.newPage();
    const { session } = options;
    if (session) {
      // Any same-origin page will do to reach its localStorage; the favicon is the lightest.
      await page.goto(new URL('/favicon.svg', pageUrl).href);
      await page.evaluate((user) => {
        localStorage.setItem('isLoggedIn', 'true');
        localStorage.setItem('user', user);
      }, JSON.stringify(session.user));
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
    }
    const result = await lighthouse(
      pageUrl,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        ...(options.skipAudits ? { skipAudits: options.skipAudits } : {}),
        ...(session ? { extraHeaders: { Cookie: session.cookie }, disableStorageReset: true } : {}),
      },
      undefined,
      page,
    );
    if (!result) throw new Error('lighthouse returned no result');
    if (result.lhr.runtimeError)
      throw new Error(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
    return JSON.parse(result.report as string) as LighthouseReport;
  } finally {
    await browser.close();
  }
}

/** The bench's Admin signed in through the login route, as the browser signs in. */
async function signIn(url: string): Promise<Session> {
  const response = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok)
    throw new Error(`login for Lighthouse failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(';')[0])
    .join('; ');
  const session = await fetch(`${url}/api/session`, { headers: { cookie } });
  if (!session.ok) throw new Error(`GET /api/session for Lighthouse failed: ${session.status}`);
  const { user } = (await session.json()) as { user: unknown };
  return { cookie, user };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

interface LighthouseReport {
  /** Where the page ended: a guard that sent the run to /login shows here. */
  finalDisplayedUrl: string;
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { score: number | null; title: string; scoreDisplayMode: string }>;
}

if (!existsSync(chromePath)) {
  console.log(
    `Lighthouse skipped: no Chromium at ${chromePath} (apt-get install chromium, or set CHROME_PATH).`,
  );
} else {
  const outDir = keepDir ?? (await mkdtemp(join(tmpdir(), 'voxdesk-lighthouse-')));
  if (keepDir) await mkdir(keepDir, { recursive: true });
  const dataDir = await mkdtemp(join(tmpdir(), 'voxdesk-lighthouse-data-'));
  const { url, server } = await startServer(dataDir);
  try {
    const session = await signIn(url);
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
        const page = await fetch(`${url}${route}`, { headers: signedIn ? { cookie: session.cookie } : {} });
        if (!/<meta name="robots" content="noindex"/.test(await page.text()))
          throw new Error(`${route} is listed as noindex but its HTML has no robots noindex meta`);
      }
      const reports: LighthouseReport[] = [];
      for (let attempt = 0; attempt < RUNS; attempt++) {
        const output = join(outDir, `${route.replace(/\W+/g, '_') || 'home'}-${attempt}.json`);
        const measure = () =>
          lighthouseRun(`${url}${route}`, {
            ...(signedIn ? { session } : {}),
            ...(noindex ? { skipAudits: [CRAWLABLE_AUDIT] } : {}),
          });
        // Under load Chromium sometimes loses the trace (NO_NAVSTART): one more try, then skip.
        let report: LighthouseReport;
        try {
          report = await measure().catch(measure);
        } catch (error) {
          console.log(`${route.padEnd(30)}run ${attempt + 1} failed: ${String(error).split('\n')[0]}`);
          continue;
        }
        if (new URL(report.finalDisplayedUrl).pathname !== route)
          throw new Error(`${route} ended at ${report.finalDisplayedUrl}: that is not the page to measure`);
        await writeFile(output, JSON.stringify(report));
        reports.push(report);
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
    await rm(dataDir, { recursive: true, force: true });
    if (!keepDir) await rm(outDir, { recursive: true, force: true });
    else console.log(`reports kept in ${keepDir}`);
  }
}
