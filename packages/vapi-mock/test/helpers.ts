/** Test helpers: an msw server around a fresh fake, and a tiny JSON fetch wrapper. */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createFakeVapi } from '../src/index.ts';
import type { FakeVapi, FakeVapiOptions } from '../src/index.ts';

export const BASE = 'https://api.vapi.ai';
export const TOKEN = 'sk-test-private-key';

/** Install the fake with msw for the current test file; state resets before each test. */
export function useFakeVapi(options: FakeVapiOptions = { token: TOKEN }): FakeVapi {
  const fake = createFakeVapi(options);
  const server = setupServer(...fake.handlers);
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  beforeEach(() => fake.reset());
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return fake;
}

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** Call the fake like a client would; JSON in, JSON (or text) out. */
export async function api<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any
  method: string,
  path: string,
  options: { body?: unknown; token?: string | null; base?: string; redirect?: RequestInit['redirect'] } = {},
): Promise<Answer<T>> {
  const headers = new Headers();
  const token = options.token === undefined ? TOKEN : options.token;
  if (token !== null) headers.set('authorization', `Bearer ${token}`);
  let body: RequestInit['body'];
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const response = await fetch(`${options.base ?? BASE}${path}`, {
    method,
    headers,
    body,
    redirect: options.redirect ?? 'follow',
  });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    headers: response.headers,
    body: (type.includes('json') && text ? JSON.parse(text) : text) as T,
  };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** An assistant and a phone number, enough to place a call. */
export async function callPrerequisites(): Promise<{ assistantId: string; phoneNumberId: string }> {
  const assistant = await api('POST', '/assistant', { body: { name: 'Reception' } });
  const phone = await api('POST', '/phone-number', {
    body: { provider: 'twilio', number: '+14155550100', twilioAccountSid: 'AC123' },
  });
  return { assistantId: assistant.body.id, phoneNumberId: phone.body.id };
}
