// @vitest-environment node
// Builds the site (client bundle, SSR bundle, and the prerendered pages) with secrets in its
// environment, the way a careless deployment would, and fails if any browser asset carries
// the session secret, the Airtable token or a password hash.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const siteDir = fileURLToPath(new URL('../../', import.meta.url));
const viteBin = fileURLToPath(new URL('../../../node_modules/vite/bin/vite.js', import.meta.url));

const canaries = {
  sessionSecret: 'canary-session-secret-4f1d0c9e7b2a4f1d0c9e7b2a',
  airtableToken: 'patCanaryAirtableToken.9b8c7d6e5f4a3b2c1d0e',
  adminPassword: 'canary-admin-password-81f3',
  vapiPrivateKey: 'canary-vapi-private-key-5c2e',
};
const passwordHash = /scrypt\$N=\d+,r=\d+,p=\d+\$/;

const buildEnv = {
  ...process.env,
  NODE_ENV: 'production',
  SESSION_SECRET: canaries.sessionSecret,
  AIRTABLE_BASE_ID: 'appCanaryBase0001',
  AIRTABLE_TABLE_ID: 'tblCanaryTable001',
  AIRTABLE_TOKEN: canaries.airtableToken,
  ADMIN_PASSWORD: canaries.adminPassword,
  VAPI_PRIVATE_KEY: canaries.vapiPrivateKey,
  // The names the old site shipped its table key under: still never in the bundle.
  VITE_AIRTABLE_API_KEY: canaries.airtableToken,
  VITE_AIRTABLE_TOKEN: canaries.airtableToken,
  VITE_SESSION_SECRET: canaries.sessionSecret,
};

/** Every file under `dir` whose bytes contain a secret, with what was found. */
export function findSecrets(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'latin1');
    for (const [name, value] of Object.entries(canaries))
      if (text.includes(value)) found.push(`${file}: ${name}`);
    if (passwordHash.test(text)) found.push(`${file}: password hash`);
  }
  return found;
}

// Inside site/node_modules (ignored by git) so the SSR bundle resolves react from there.
const cacheDir = join(siteDir, 'node_modules', '.cache');
mkdirSync(cacheDir, { recursive: true });
const outDir = mkdtempSync(join(cacheDir, 'voxdesk-build-scan-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('browser build', () => {
  it('the scan finds a planted secret (so a clean result means something)', () => {
    const planted = join(outDir, 'planted');
    mkdirSync(planted);
    writeFileSync(join(planted, 'a.js'), `const k = "${canaries.airtableToken}";`);
    writeFileSync(join(planted, 'b.html'), '<p>scrypt$N=32768,r=8,p=1$c2FsdA==$aGFzaA==</p>');
    expect(findSecrets(planted)).toEqual([
      `${join(planted, 'a.js')}: airtableToken`,
      `${join(planted, 'b.html')}: password hash`,
    ]);
    rmSync(planted, { recursive: true });
  });

  it(
    'contains no session secret, Airtable token, admin password or password hash',
    { timeout: 180_000 },
    async () => {
      const client = join(outDir, 'client');
      const ssr = join(outDir, 'ssr');
      const options = { cwd: siteDir, env: buildEnv, maxBuffer: 64 * 1024 * 1024 };
      await run(process.execPath, [viteBin, 'build', '--outDir', client, '--emptyOutDir'], options);
      await run(
        process.execPath,
        [viteBin, 'build', '--ssr', 'src/entry-server.tsx', '--outDir', ssr, '--emptyOutDir'],
        options,
      );
      // Prerender every public page as the build does, into the scanned folder.
      const prerender = `
      const { writeFileSync } = await import('node:fs');
      const entry = await import(${JSON.stringify(join(ssr, 'entry-server.js'))});
      const paths = entry.prerenderedPages.map((page) => page.path);
      for (const [i, path] of paths.entries()) {
        const { html } = await entry.render(path);
        writeFileSync(${JSON.stringify(client)} + '/prerendered-' + i + '.html', html);
      }
      console.log(paths.length);`;
      const { stdout } = await run(process.execPath, ['--input-type=module', '-e', prerender], options);
      expect(Number(stdout.trim())).toBeGreaterThan(0);
      expect(readdirSync(join(client, 'assets')).some((name) => name.endsWith('.js'))).toBe(true);

      expect(findSecrets(client)).toEqual([]);
    },
  );
});
