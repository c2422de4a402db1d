import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
  Vapi,
  VapiAbortError,
  VapiError,
  VapiTimeoutError,
} from '../src/index.ts';
import { BASE, useMsw } from './msw.ts';

const server = useMsw();
const vapi = new Vapi({ token: 'sk', baseUrl: BASE, retry: 0 });

afterEach(() => vi.useRealTimers());

describe('error mapping', () => {
  it.each([
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [503, InternalServerError],
    [418, VapiError],
  ])('maps %i to %o with status, body, method, URL, request id and Response', async (status, ErrorClass) => {
    const body = {
      message: ['name must be a string', 'name must be shorter'],
      error: 'Bad Request',
      statusCode: status,
    };
    server.use(
      http.post(`${BASE}/assistant`, () =>
        HttpResponse.json(body, { status, headers: { 'x-request-id': 'req_42' } }),
      ),
    );
    const error = (await vapi.assistants.create({ name: 'x' }).catch((e: unknown) => e)) as VapiError;
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(VapiError);
    expect(error.name).toBe(ErrorClass.name);
    expect(error.message).toBe(`POST /assistant → ${status}: name must be a string; name must be shorter`);
    expect(error).toMatchObject({
      status,
      body,
      method: 'POST',
      url: `${BASE}/assistant`,
      requestId: 'req_42',
    });
    expect(error.response).toBeInstanceOf(Response);
    expect(error.response?.headers.get('x-request-id')).toBe('req_42');
  });

  it('keeps a text body as text and names it in the message', async () => {
    server.use(
      http.get(`${BASE}/assistant/a1`, () => HttpResponse.text('upstream exploded', { status: 502 })),
    );
    const error = (await vapi.assistants.get('a1').catch((e: unknown) => e)) as VapiError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.body).toBe('upstream exploded');
    expect(error.message).toBe('GET /assistant/a1 → 502: upstream exploded');
  });

  it('uses a string message and falls back to the status text for an empty body', async () => {
    server.use(
      http.get(`${BASE}/assistant/a1`, () =>
        HttpResponse.json({ message: 'Assistant not found' }, { status: 404 }),
      ),
      http.get(
        `${BASE}/assistant/a2`,
        () => new HttpResponse(null, { status: 401, statusText: 'Unauthorized' }),
      ),
    );
    await expect(vapi.assistants.get('a1')).rejects.toThrow('GET /assistant/a1 → 404: Assistant not found');
    const error = (await vapi.assistants.get('a2').catch((e: unknown) => e)) as VapiError;
    expect(error.message).toBe('GET /assistant/a2 → 401: Unauthorized');
    expect(error.body).toBeUndefined();
  });

  it('times out with VapiTimeoutError after the per-request timeout', async () => {
    vi.useFakeTimers();
    server.use(http.get(`${BASE}/assistant`, () => new Promise<never>(() => {})));
    const outcome = vapi.assistants.list(undefined, { timeout: 1000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(999);
    let settled = false;
    void outcome.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(10);
    const error = (await outcome) as VapiError;
    expect(error).toBeInstanceOf(VapiTimeoutError);
    expect(error.message).toBe('GET /assistant timed out after 1000 ms');
    expect(error.status).toBe(0);
  });

  it('uses the client timeout (default 60 s) when the request sets none', async () => {
    vi.useFakeTimers();
    server.use(http.get(`${BASE}/assistant`, () => new Promise<never>(() => {})));
    const outcome = vapi.assistants.list().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(59_000);
    let settled = false;
    void outcome.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(await outcome).toBeInstanceOf(VapiTimeoutError);
  });

  it('stops with VapiAbortError when the caller aborts, mid-flight or before sending', async () => {
    let received = 0;
    server.use(
      http.get(`${BASE}/assistant`, () => {
        received++;
        return new Promise<never>(() => {});
      }),
    );
    const controller = new AbortController();
    const pending = vapi.assistants.list(undefined, { signal: controller.signal }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(received).toBe(1));
    controller.abort();
    const error = (await pending) as VapiError;
    expect(error).toBeInstanceOf(VapiAbortError);
    expect(error.message).toBe('GET /assistant was aborted');

    const aborted = AbortSignal.abort();
    await expect(vapi.assistants.list(undefined, { signal: aborted })).rejects.toBeInstanceOf(VapiAbortError);
    expect(received).toBe(1);
  });
});
