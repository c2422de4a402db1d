import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Vapi, invoke, operations } from '../src/index.ts';
import { BASE, useMsw } from './msw.ts';

const server = useMsw();

interface Seen {
  method: string;
  pathname: string;
  search: string;
  authorization: string | null;
  contentType: string | null;
  text: string;
  form?: FormData;
}

// Path arguments that need encoding: a space, a slash and a non-ASCII letter.
const arg = (name: string) => `${name} 1/é`;
const encoded = (name: string) => encodeURIComponent(arg(name));

const answers: Record<string, unknown> = {
  object: { ok: true },
  any: { ok: true },
  array: [{ ok: true }],
  page: { results: [], metadata: {} },
};

describe.each(operations.map((op) => ({ row: op, op })))('$row.method $row.path', ({ row, op }) => {
  it(`vapi.${op.id}() sends exactly that request`, async () => {
    const seen: Seen[] = [];
    server.use(
      http.all(`${BASE}/*`, async ({ request }) => {
        const url = new URL(request.url);
        const isForm = request.headers.get('content-type')?.startsWith('multipart/form-data');
        seen.push({
          method: request.method,
          pathname: url.pathname,
          search: url.search,
          authorization: request.headers.get('authorization'),
          contentType: request.headers.get('content-type'),
          text: isForm ? '' : await request.text(),
          ...(isForm ? { form: await request.formData() } : {}),
        });
        return op.download
          ? new HttpResponse(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'audio/wav' } })
          : HttpResponse.json(answers[op.returns] as object);
      }),
    );
    const vapi = new Vapi({ token: 'sk-test', baseUrl: BASE });
    // The arguments are built from the row at run time, so this test calls invoke untyped.
    const call = invoke as (vapi: Vapi, id: string, ...args: unknown[]) => Promise<unknown>;
    const args: unknown[] = op.params.map(arg);
    if (row.body.startsWith('json')) args.push({ assistantId: 'asst_1', name: 'Reception' });
    if (row.body === 'multipart') args.push(new File(['hello'], 'faq.txt', { type: 'text/plain' }));
    if (row.query !== 'none') args.push({ limit: 5 });

    const result = await call(vapi, op.id, ...args);

    expect(seen).toHaveLength(1);
    const [req] = seen as [Seen];
    const expectedPath = row.path.replace(/\{(\w+)\}/g, (_, name: string) => encoded(name));
    expect(req.method).toBe(row.method);
    expect(req.pathname).toBe(expectedPath);
    expect(req.authorization).toBe(row.auth === 'bearer' ? 'Bearer sk-test' : null);
    if (row.body.startsWith('json')) {
      expect(req.contentType).toBe('application/json');
      expect(JSON.parse(req.text)).toEqual({ assistantId: 'asst_1', name: 'Reception' });
    } else if (row.body === 'multipart') {
      const file = req.form?.get('file');
      expect(file).toBeInstanceOf(File);
      expect([(file as File).name, (file as File).type, await (file as File).text()]).toEqual([
        'faq.txt',
        'text/plain',
        'hello',
      ]);
    } else {
      expect(req.text).toBe('');
      expect(req.contentType).toBe(Object.values(op.headers)[0] ?? null);
    }
    expect(req.search).toBe(row.query === 'none' ? '' : '?limit=5');
    if (op.download) {
      expect(result).toBeInstanceOf(Response);
      expect(new Uint8Array(await (result as Response).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    } else {
      expect(result).toEqual(answers[op.returns]);
    }
  });
});
