// @vitest-environment node
// The owner's run-time site settings: parsed from the environment, written into every served
// page as a data block, and the site URL's host as the Host allow-list.
import { afterEach, describe, expect, it } from 'vitest';
import { readSettingsBlock, DEFAULT_SITE_SETTINGS } from '../../common/site-settings.ts';
import { urlPages } from '../../common/pages.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { HOST_REFUSED } from '../host-check.ts';
import { siteConfigFromEnv } from '../site-config.ts';
import { startTestServer, type TestServer } from './harness.ts';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** The JSON block of a served page, parsed the way the browser does before hydrating. */
function blockOf(html: string) {
  const match = /<script type="application\/json" id="site-settings">(.*?)<\/script>/s.exec(html);
  expect(match, 'the page carries the settings block').not.toBeNull();
  return readSettingsBlock({ getElementById: () => ({ textContent: match![1]! }) });
}

describe('site settings from the environment', () => {
  it('reads every setting; unset ones keep their defaults and are named as defaults', () => {
    const { config, problems } = siteConfigFromEnv({
      COMPANY_NAME: 'Harbour Dental Pty Ltd',
      COMPANY_ABN: '51 824 753 556',
      COMPANY_EMAIL: 'hello@harbour.example',
      COMPANY_PHONE: '+61 2 9000 0000',
      COMPANY_ADDRESS: '1 George St, Sydney NSW 2000',
      SCHEDULING_URL: 'https://cal.example.com/harbour',
      SITE_URL: 'https://www.harbour.example/',
      SOCIAL_LINKS: 'https://www.instagram.com/harbour, https://linkedin.com/company/harbour',
      DEMO_PHONE: '+61 2 9000 0001',
      LEAD_RETENTION_DAYS: '180',
      VERCEL_ANALYTICS: '1',
    });
    expect(problems).toEqual([]);
    expect(config!.settings).toEqual({
      company: {
        name: 'Harbour Dental Pty Ltd',
        abn: '51 824 753 556',
        email: 'hello@harbour.example',
        phone: '+61 2 9000 0000',
        address: '1 George St, Sydney NSW 2000',
      },
      schedulingUrl: 'https://cal.example.com/harbour',
      promoVideoId: DEFAULT_SITE_SETTINGS.promoVideoId,
      siteUrl: 'https://www.harbour.example',
      socialLinks: [
        { network: 'instagram', href: 'https://www.instagram.com/harbour' },
        { network: 'linkedin', href: 'https://linkedin.com/company/harbour' },
      ],
      demoPhone: '+61 2 9000 0001',
      leadRetentionDays: 180,
      analytics: true,
    });
    expect(config!.defaults).toEqual({ schedulingUrl: false, promoVideo: true, siteUrl: false });
    expect(siteConfigFromEnv({ SOCIAL_LINKS: 'none', COMPANY_NAME: ' ' }).config!.settings).toMatchObject({
      socialLinks: [],
      company: { name: 'Voxdesk' },
    });
  });

  it('refuses malformed values at start, naming each variable and the fix', () => {
    let error: unknown;
    try {
      loadConfig({
        SITE_URL: 'https://www.harbour.example/home',
        SCHEDULING_URL: 'http://cal.example.com/x',
        PROMO_VIDEO_ID: 'https://youtu.be/dQw4w9WgXcQ',
        COMPANY_ABN: '1234',
        SOCIAL_LINKS: 'https://myspace.com/harbour',
        DEMO_PHONE: 'call us',
        LEAD_RETENTION_DAYS: '7',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('SITE_URL: must be an origin only');
    expect(message).toContain('SCHEDULING_URL: must be an https:// URL');
    expect(message).toContain('PROMO_VIDEO_ID: must be a YouTube video id');
    expect(message).toContain('COMPANY_ABN: must be an ABN: 11 digits');
    expect(message).toContain('SOCIAL_LINKS: "https://myspace.com/harbour" is not an https:// link');
    expect(message).toContain('DEMO_PHONE: must be a phone number');
    expect(message).toContain('LEAD_RETENTION_DAYS: must be at least 30 days');
  });
});

describe('served pages', () => {
  it('carry the settings block (escaped) and client routes carry noindex', async () => {
    const { config } = siteConfigFromEnv({
      COMPANY_NAME: 'Tag </script><script>alert(1)</script> Ltd',
      SCHEDULING_URL: 'https://cal.example.com/harbour',
    });
    const server = await startTestServer({ site: config! });
    servers.push(server);
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).not.toContain('<script>alert(1)');
    expect(blockOf(home)).toMatchObject({
      schedulingUrl: 'https://cal.example.com/harbour',
      company: { name: 'Tag </script><script>alert(1)</script> Ltd' },
    });
    expect(home).not.toContain('noindex');

    // The known client pages, and any page the route list adds without prerendering.
    const clientPages = new Set(['/login', '/demo', '/admin', '/admin/leads', '/set-password']);
    for (const page of urlPages().map((chain) => chain.at(-1)))
      if (page && !page.prerender) clientPages.add(page.path);
    for (const path of clientPages) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.headers.get('x-robots-tag'), path).toBe('noindex');
      const html = await response.text();
      expect(html, path).toContain('<meta name="robots" content="noindex">');
      expect(blockOf(html).schedulingUrl).toBe('https://cal.example.com/harbour');
    }
  });

  it('answers sitemap.xml and robots.txt from the site URL', async () => {
    const { config } = siteConfigFromEnv({ SITE_URL: 'https://www.harbour.example' });
    const server = await startTestServer({ site: config! });
    servers.push(server);
    const sitemap = await fetch(`${server.url}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toContain('application/xml');
    expect(await sitemap.text()).toContain('<loc>https://www.harbour.example/</loc>');
    expect(await (await fetch(`${server.url}/robots.txt`)).text()).toContain(
      'Sitemap: https://www.harbour.example/sitemap.xml',
    );
  });
});

describe('the Host allow-list (from SITE_URL)', () => {
  const withHost = (url: string, host: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      // fetch() will not send a Host header of our choosing; node:http will.
      void import('node:http').then(({ request }) => {
        const req = request(`${url}/`, { headers: { host } }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        });
        req.on('error', reject);
        req.end();
      });
    });

  it('answers the site URL host, loopback names and IP addresses; refuses any other name with 421', async () => {
    const { config } = siteConfigFromEnv({ SITE_URL: 'https://www.harbour.example' });
    const server = await startTestServer({ site: config! });
    servers.push(server);
    for (const host of [
      'www.harbour.example',
      'WWW.Harbour.Example:443',
      'localhost:3000',
      '127.0.0.1',
      '[::1]:8080',
      '10.0.0.7',
    ]) {
      expect((await withHost(server.url, host)).status, host).toBe(200);
    }
    for (const host of ['evil.example', 'harbour.example', 'www.harbour.example.evil.example']) {
      const answer = await withHost(server.url, host);
      expect(answer.status, host).toBe(421);
      expect(answer.body).toBe(HOST_REFUSED);
    }
  });

  it('with no SITE_URL answers only loopback names and IP addresses (npm start)', async () => {
    const server = await startTestServer();
    servers.push(server);
    expect((await withHost(server.url, 'localhost:3000')).status).toBe(200);
    expect((await withHost(server.url, 'rebind.evil.example')).status).toBe(421);
  });
});
