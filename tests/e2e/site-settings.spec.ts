import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

// The owner's settings come from the environment when the BUILT server starts: a restart with
// another value changes the served page, with no build step in between.

const main = join(import.meta.dirname, '../../site/dist/server/main.js');

async function startBuiltServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await expect
    .poll(() => output, { timeout: 20_000 })
    .toMatch(/Voxdesk listening on http:\/\/127\.0\.0\.1:\d+/);
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

test('changing SCHEDULING_URL and restarting the built server changes the served page', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'voxdesk-settings-'));
  const base = {
    VOXDESK_DB: join(dir, 'voxdesk.db'),
    ADMIN_PASSWORD: 'a long admin password for tests',
    SITE_URL: 'https://www.harbour.example',
    COMPANY_NAME: 'Harbour Dental Pty Ltd',
  };
  try {
    const first = await startBuiltServer({ ...base, SCHEDULING_URL: 'https://cal.example.com/first' });
    try {
      const html = await (await fetch(`${first.url}/`)).text();
      expect(html).toContain('href="https://cal.example.com/first"');
      expect(html).not.toContain('calendly.com/voxdesk');
      expect(html).toContain('<link rel="canonical" href="https://www.harbour.example/">');
      expect(html).toContain('<meta property="og:url" content="https://www.harbour.example/">');
    } finally {
      await first.stop();
    }

    const second = await startBuiltServer({
      ...base,
      SCHEDULING_URL: 'https://cal.example.com/second',
      DEMO_PHONE: '+61 2 9000 0001',
      COMPANY_ABN: '51 824 753 556',
      COMPANY_EMAIL: 'privacy@harbour.example',
      LEAD_RETENTION_DAYS: '180',
    });
    try {
      const html = await (await fetch(`${second.url}/`)).text();
      expect(html).toContain('href="https://cal.example.com/second"');
      expect(html).not.toContain('cal.example.com/first');
      // The legal pages answer 200 in both languages, filled from the company settings.
      for (const path of ['/privacy', '/privacy/sq', '/terms', '/terms/sq']) {
        const response = await fetch(`${second.url}${path}`);
        expect(response.status, path).toBe(200);
        const text = await response.text();
        expect(text, path).toContain('Harbour Dental Pty Ltd (ABN 51 824 753 556)');
        expect(text, path).toContain('privacy@harbour.example');
        expect(text, path).toContain(path.endsWith('/sq') ? '<html lang="sq"' : '<html lang="en"');
      }
      const landing = await (await fetch(`${second.url}/landingpage/index.html`)).text();
      expect(landing).toContain('https://cal.example.com/second');

      // In Chromium the page hydrates on the same settings: no mismatch, and client-side
      // navigation keeps the owner's values.
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(`${second.url}/`);
      await expect(page.getByRole('link', { name: '+61 2 9000 0001' })).toHaveAttribute(
        'href',
        'tel:+61290000001',
      );
      await expect(page.getByRole('contentinfo')).toContainText('© ');
      await expect(page.getByRole('contentinfo')).toContainText('Harbour Dental Pty Ltd');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
      await expect(page).toHaveURL(/\/privacy$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
      await expect(page.locator('main')).toContainText('deleted automatically after 180 days');
      await page.getByRole('link', { name: 'Lexo në shqip' }).click();
      await expect(page).toHaveURL(/\/privacy\/sq$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'sq');
      await expect(page.locator('main')).toContainText('fshihen automatikisht pas 180 ditësh');
      await page.goto(`${second.url}/chatbot`);
      await page.locator('a[href="https://cal.example.com/second"]').first().waitFor();
      const bookingLinks = await page
        .locator('a[href*="cal.example.com"], a[href*="calendly.com"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(bookingLinks.length).toBeGreaterThan(0);
      expect(new Set(bookingLinks)).toEqual(new Set(['https://cal.example.com/second']));
      expect(problems).toEqual([]);
    } finally {
      await second.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
