// The README examples, compiled by `tsc -b` so the docs cannot drift from the types.
// Never called: it would talk to api.vapi.ai.
import { expectTypeOf, it } from 'vitest';
import { Vapi as NodeVapi, fileFromPath } from '@voxdesk/sdk/node';
import { Vapi, NotFoundError, VapiError, invoke, operations, type components } from '@voxdesk/sdk';
declare const bytes: Uint8Array;
declare const blob: Blob;
declare const stream: ReadableStream<Uint8Array>;
declare const id: string,
  assistantId: string,
  phoneNumberId: string,
  suiteId: string,
  runId: string,
  callId: string;
declare const sample1: File, sample2: File;
export async function demo() {
  const vapi = new Vapi({ token: process.env.VAPI_TOKEN });
  new Vapi({
    totalTimeout: 120_000,
    onRetry: (e) => console.warn(`${e.reason}; retry ${e.attempt}/${e.maxAttempts} in ${e.delay} ms`),
  });
  const a: components['schemas']['Assistant'] = await vapi.assistants.create({ name: 'Reception' });
  await vapi.assistants.get(id);
  await vapi.assistants.update(id, { firstMessage: 'Hello!' });
  await vapi.assistants.replace(id, { name: 'Reception v2' });
  await vapi.calls.create({ assistantId, phoneNumberId, customer: { number: '+61…' } });
  await vapi.calls.createWeb({ assistantId });
  await vapi.testSuites.runs.get(suiteId, runId);
  await vapi.v2.calls.list({ page: 2, limit: 50 });
  await vapi.chats.createCompletion({ assistantId, messages: [{ role: 'user', content: 'Hi' }] });
  await vapi.providerResources.list('cartesia', 'pronunciation-dictionary');
  await invoke(vapi, 'testSuites.runs.get', suiteId, runId);
  const data = await vapi.request<{ id: string }[]>({
    method: 'GET',
    path: '/assistant',
    query: { limit: 5 },
  });
  const res = await vapi.requestResponse({ method: 'POST', path: '/new/endpoint', body: { a: 1 } });
  const controller = new AbortController();
  await vapi.calls.list(
    { limit: 10 },
    { timeout: 5_000, signal: controller.signal, headers: { 'x-trace': 'abc' } },
  );
  await vapi.assistants.create({ name: 'x' }, { retry: 3 });
  for await (const call of vapi.calls.iterate({ assistantId, limit: 100 })) console.log(call.id);
  for await (const chat of vapi.chats.iterate({ sortOrder: 'DESC' })) console.log(chat.id);
  await vapi.files.create(new File([bytes], 'faq.pdf', { type: 'application/pdf' }));
  await vapi.files.create(blob);
  await vapi.files.create({ data: stream, filename: 'faq.md', contentType: 'text/markdown' });
  await vapi.voices.clone({ name: 'Front desk', files: [sample1, sample2] });
  const r = await vapi.calls.monoRecording(callId);
  await r.arrayBuffer();
  const nv = new NodeVapi({ token: process.env.VAPI_TOKEN });
  await nv.files.create('./docs/faq.pdf');
  await nv.voices.clone({ name: 'Desk', files: [await fileFromPath('a.mp3'), new URL('file:///tmp/b.wav')] });
  return [a, data, res, operations, NotFoundError, VapiError];
}

it('README examples type-check', () => expectTypeOf(demo).toBeFunction());
