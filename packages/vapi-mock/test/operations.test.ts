/**
 * Walks the SDK's whole operation table: every row, on its happy path, gets an answer
 * that is not a 404 (parents are created first, so item routes find their records).
 */
import { DEFAULT_BASE_URL, operations } from '@voxdesk/sdk';
import type { Operation } from '@voxdesk/sdk';
import { describe, expect, it } from 'vitest';
import { VAPI_MOCK_BASE_URL } from '../src/index.ts';
import { api, callPrerequisites, useFakeVapi } from './helpers.ts';

useFakeVapi({ token: 'sk-test-private-key' });

/** The query parameters the document requires on a row (its `query` column says `required`). */
const REQUIRED_QUERY: Record<string, string> = {
  'PATCH /structured-output/{id}': '?schemaOverride=false',
};

/** Values for parameters that are not record ids. */
const LITERAL_PARAMS: Record<string, string> = {
  provider: '11labs',
  resourceName: 'pronunciation-dictionary',
  workflowId: 'wf_1',
  memberId: 'member-1',
};

/** Bodies for rows whose resources validate their input. */
async function happyBody(method: string, path: string): Promise<unknown> {
  const key = `${method} ${path}`;
  if (key === 'POST /call' || key === 'POST /call/phone') {
    return { ...(await callPrerequisites()), customer: { number: '+61400000000' } };
  }
  if (key === 'POST /call/web') return { assistantId: (await callPrerequisites()).assistantId };
  if (key === 'POST /phone-number') return { provider: 'vapi' };
  if (key === 'POST /phone-number/import/twilio')
    return { twilioPhoneNumber: '+14155550111', twilioAccountSid: 'AC1' };
  if (key === 'POST /phone-number/import/vonage')
    return { vonagePhoneNumber: '+14155550112', credentialId: 'cred' };
  if (key === 'POST /squad') return { members: [] };
  if (key === 'POST /tool') return { type: 'function', function: { name: 'lookup' } };
  if (key === 'POST /campaign') return { name: 'Spring follow-ups' };
  if (key === 'POST /structured-output') return { name: 'Walked', schema: { type: 'string' } };
  if (key === 'POST /eval') return { type: 'chat.mockConversation', messages: [] };
  if (key === 'POST /eval/run')
    return {
      type: 'eval',
      eval: { type: 'chat.mockConversation', messages: [] },
      target: { type: 'assistant', assistant: { name: 'Walked' } },
    };
  if (method === 'PUT') return { name: 'Replaced' };
  if (method === 'POST' || method === 'PATCH') return { name: 'Walked' };
  return undefined;
}

function multipartBody(): FormData {
  const form = new FormData();
  form.append('name', 'Walked');
  form.append('file', new File([new Uint8Array([1, 2, 3])], 'sample.wav', { type: 'audio/wav' }));
  form.append('files', new File([new Uint8Array([1, 2, 3])], 'sample.wav', { type: 'audio/wav' }));
  return form;
}

const collectionRows = new Set<string>(operations.filter((op) => op.method === 'POST').map((op) => op.path));

/** Fill the template: ids come from records created through the collection's POST. */
async function concretePath(template: string): Promise<string> {
  const segments = template.split('/');
  const out: string[] = [];
  for (const segment of segments) {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (!name) {
      out.push(segment);
      continue;
    }
    const parentTemplate = segments.slice(0, out.length).join('/');
    const parentPath = out.join('/');
    if (collectionRows.has(parentTemplate)) {
      const multipart = operations.some((op) => op.path === parentTemplate && op.body === 'multipart');
      const body = multipart ? multipartBody() : await happyBody('POST', parentTemplate);
      const created = await api('POST', parentPath, { body });
      expect(created.status, `creating a parent at ${parentPath}`).toBe(201);
      out.push(encodeURIComponent(created.body.id));
    } else {
      out.push(encodeURIComponent(LITERAL_PARAMS[name] ?? 'value'));
    }
  }
  return out.join('/');
}

async function walk(op: Operation): Promise<number> {
  const path = (await concretePath(op.path)) + (REQUIRED_QUERY[`${op.method} ${op.path}`] ?? '');
  const body = op.body === 'multipart' ? multipartBody() : await happyBody(op.method, op.path);
  const answer = await api(op.method, path, {
    body,
    token: op.auth === 'none' ? null : undefined,
    redirect: 'manual',
  });
  return answer.status;
}

describe('the operation table walk', () => {
  it('fakes the origin the SDK calls by default', () => {
    expect(VAPI_MOCK_BASE_URL).toBe(DEFAULT_BASE_URL);
  });

  it('covers every row of the SDK table, one route each', () => {
    const keys = new Set(operations.map((op) => `${op.method} ${op.path}`));
    expect(keys.size).toBe(operations.length);
  });

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))('%s answers', async (_, op) => {
    const status = await walk(op);
    expect(status).not.toBe(404);
    expect(status, `status ${status}`).toBeLessThan(400);
    if (op.download) expect(status).toBe(302);
    else if (op.method === 'POST') expect([200, 201]).toContain(status);
    else expect(status).toBe(200);
  });

  it('answers unknown paths like Vapi', async () => {
    const answer = await api('GET', '/xyz');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'Cannot GET /xyz', error: 'Not Found', statusCode: 404 });
    expect((await api('PUT', '/call/abc')).body.message).toBe('Cannot PUT /call/abc');
  });
});
