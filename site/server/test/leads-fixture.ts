// The lead routes' tests: the real server over loopback HTTP and a temp SQLite file, at most 3
// leads an hour per address, and a test clock that drives the form token's minimum fill time.
// Each file calls `useLeadsServer()` to register the hooks (files share a worker's module cache,
// so importing alone would register them for the first file only); `server` is a live binding
// set before each test.
import { afterEach, beforeEach, expect } from 'vitest';
import { startTestServer, type Browser, type TestServer } from './harness.ts';

export let server: TestServer;

/** A fresh lead server before each test of the calling file, closed after it. */
export function useLeadsServer(): void {
  beforeEach(async () => {
    server = await startTestServer({
      trustProxy: true,
      leads: { perAddress: { limit: 3, windowMs: 60 * 60_000 } },
    });
  });
  afterEach(() => server.close());
}

export const booking = {
  name: 'Arta Krasniqi',
  email: ' Arta@Example.AL ',
  company: 'Vila Arta',
  phone: '+355 69 123 4567',
  message: 'Kemi 12 apartamente.\nNë Durrës.',
  slot: '2026-11-24T13:00:00.000Z',
  timeZone: 'Europe/Tirane',
  language: 'sq' as const,
  sourcePage: '/chatbot',
};

/** A token issued now, then the clock moved on as a person types. */
export async function freshToken(browser: Browser, typingMs = 5_000): Promise<string> {
  const response = await browser.request('GET', '/api/leads/form-token');
  expect(response.status).toBe(200);
  const body = (await response.json()) as { token: string; minFillMs: number };
  expect(body.minFillMs).toBe(3_000);
  server.clock.now += typingMs;
  return body.token;
}

/** `n` tokens (one per post: a post spends its token), then the clock moved on as a person types. */
export async function freshTokens(browser: Browser, n: number, typingMs = 5_000): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const response = await browser.request('GET', '/api/leads/form-token');
    tokens.push(((await response.json()) as { token: string }).token);
    server.clock.now += 1;
  }
  server.clock.now += typingMs;
  return tokens;
}

export const storedLeads = async () => (await server.store.leads.listLeads({ limit: 100 })).leads;

export const from = (ip: string) => ({ 'x-forwarded-for': ip });
