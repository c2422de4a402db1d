import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VapiCore, deleteAssistants, getAssistants } from '../src/fn.ts';
import { Vapi, VapiUnexpectedResponseError, invoke } from '../src/index.ts';

/**
 * Empty answers (issue 27 item 8), from a real server on loopback: an operation whose type allows
 * an empty body (every DELETE, a 2xx the document lists without a body) resolves `undefined`;
 * any other one (a GET or a create answering 204) raises VapiUnexpectedResponseError naming the
 * status, rather than `undefined` typed as the resource or "expected a JSON object".
 */
let status = 204;
let body = '';
const seen: string[] = [];
const server = createServer((req, res) => {
  seen.push(`${req.method} ${req.url}`);
  req.resume();
  req.on('end', () => {
    res.writeHead(status, body ? { 'content-type': 'application/json' } : {});
    res.end(body);
  });
});
let vapi: Vapi;
let core: VapiCore;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vapi = new Vapi({ token: 'sk', baseUrl, retry: 0 });
  core = new VapiCore({ token: 'sk', baseUrl, retry: 0 });
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  status = 204;
  body = '';
  seen.length = 0;
});

describe('an empty answer where the type allows one resolves undefined', () => {
  it.each([
    ['a DELETE answering 204', () => vapi.assistants.delete('a1'), 'DELETE /assistant/a1'],
    [
      'a nested DELETE answering 204',
      () => vapi.testSuites.runs.delete('s1', 'r1'),
      'DELETE /test-suite/s1/run/r1',
    ],
    [
      'POST /eval/run answering 200 without a body',
      () => vapi.evals.runs.create({ evalId: 'e1' } as never),
      'POST /eval/run',
    ],
    [
      'POST /analytics answering 201 without a body',
      () => vapi.analytics.query({ queries: [] }),
      'POST /analytics',
    ],
    ['the functional entry', () => deleteAssistants(core, 'a1'), 'DELETE /assistant/a1'],
    ['invoke by id', () => invoke(vapi, 'assistants.delete', 'a1'), 'DELETE /assistant/a1'],
  ])('%s', async (_, call, request) => {
    status = request.startsWith('POST /eval') ? 200 : request.startsWith('POST /analytics') ? 201 : 204;
    await expect(call()).resolves.toBeUndefined();
    expect(seen).toEqual([request]);
  });

  it('and the same operations still return a body when there is one', async () => {
    status = 200;
    body = JSON.stringify({ id: 'a1', orgId: 'o1' });
    await expect(vapi.assistants.delete('a1')).resolves.toEqual({ id: 'a1', orgId: 'o1' });
    body = JSON.stringify([{ name: 'calls', result: [] }]);
    status = 201;
    await expect(vapi.analytics.query({ queries: [] })).resolves.toEqual([{ name: 'calls', result: [] }]);
  });

  it('but still checks a body that is there: POST /analytics promises an array', async () => {
    status = 201;
    body = JSON.stringify({ name: 'calls' });
    await expect(vapi.analytics.query({ queries: [] })).rejects.toThrow(
      'unexpected response from POST /analytics: expected a JSON array, got a JSON object',
    );
  });
});

describe('an empty answer where the operation promises a body raises an error naming the status', () => {
  it.each([
    ['a GET answering 204', () => vapi.assistants.get('a1'), 'GET /assistant/a1', 'a JSON object', 204],
    ['the functional GET', () => getAssistants(core, 'a1'), 'GET /assistant/a1', 'a JSON object', 204],
    ['a list answering 204', () => vapi.assistants.list(), 'GET /assistant', 'a JSON array', 204],
    [
      'a create answering 201 without a body',
      () => vapi.assistants.create({ name: 'R' }),
      'POST /assistant',
      'a JSON object',
      201,
    ],
  ])('%s', async (_, call, where, expected, answer) => {
    status = answer;
    const error = await call().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VapiUnexpectedResponseError);
    expect(error).toMatchObject({ status: answer, method: where.split(' ')[0], body: '' });
    expect((error as Error).message).toBe(
      `unexpected response from ${where}: expected ${expected}, got an empty body (status ${answer})`,
    );
  });
});
