import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { http, HttpResponse } from 'msw';
import { afterAll, describe, expect, it } from 'vitest';
import { Vapi } from '../src/index.ts';
import { Vapi as NodeVapi, fileFromPath } from '../src/node/index.ts';
import { BASE, useMsw } from './msw.ts';

const server = useMsw();

/** Captures the multipart form of every upload as [field, filename, type, text] rows. */
function captureForms() {
  const forms: [string, string, string, string][][] = [];
  const handler = async ({ request }: { request: Request }) => {
    expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const rows: [string, string, string, string][] = [];
    for (const [field, value] of await request.formData()) {
      rows.push(
        typeof value === 'string'
          ? [field, '', '', value]
          : [field, value.name, value.type, await value.text()],
      );
    }
    forms.push(rows);
    return HttpResponse.json({ id: 'file_1' }, { status: 201 });
  };
  server.use(
    http.post(`${BASE}/file`, handler),
    http.post(`${BASE}/file/upload`, handler),
    http.post(`${BASE}/11labs/voice/clone`, handler),
  );
  return forms;
}

const vapi = new Vapi({ token: 'sk', baseUrl: BASE });
const dir = mkdtempSync(join(tmpdir(), 'voxdesk-sdk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const bytes = new TextEncoder().encode('Opening hours: 9-5');

describe('uploads', () => {
  it('sends a File as the "file" field with its name and type', async () => {
    const forms = captureForms();
    expect(await vapi.files.create(new File([bytes], 'faq.pdf', { type: 'application/pdf' }))).toEqual({
      id: 'file_1',
    });
    expect(forms).toEqual([[['file', 'faq.pdf', 'application/pdf', 'Opening hours: 9-5']]]);
  });

  it('accepts Blob, ArrayBuffer, Uint8Array and ReadableStream, named via { data, filename, contentType }', async () => {
    const forms = captureForms();
    const stream = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.slice(0, 5));
          controller.enqueue(bytes.slice(5));
          controller.close();
        },
      });
    await vapi.files.create(new Blob([bytes], { type: 'text/plain' }));
    await vapi.files.create({ data: bytes.buffer, filename: 'hours.txt', contentType: 'text/plain' });
    await vapi.files.create(bytes);
    await vapi.files.create({ data: stream(), filename: 'hours.md', contentType: 'text/markdown' });
    await vapi.files.upload(stream());
    expect(forms).toEqual([
      [['file', 'file', 'text/plain', 'Opening hours: 9-5']],
      [['file', 'hours.txt', 'text/plain', 'Opening hours: 9-5']],
      [['file', 'file', 'application/octet-stream', 'Opening hours: 9-5']],
      [['file', 'hours.md', 'text/markdown', 'Opening hours: 9-5']],
      [['file', 'file', 'application/octet-stream', 'Opening hours: 9-5']],
    ]);
  });

  it('sends an object of fields, arrays repeating the field (voice cloning)', async () => {
    const forms = captureForms();
    await vapi.voices.clone({
      name: 'Front desk',
      description: undefined,
      labels: { accent: 'AU' },
      files: [
        new File(['a'], 'a.mp3', { type: 'audio/mpeg' }),
        new File(['b'], 'b.wav', { type: 'audio/wav' }),
      ],
    });
    expect(forms).toEqual([
      [
        ['name', '', '', 'Front desk'],
        ['labels', '', '', '{"accent":"AU"}'],
        ['files', 'a.mp3', 'audio/mpeg', 'a'],
        ['files', 'b.wav', 'audio/wav', 'b'],
      ],
    ]);
  });

  it('passes a FormData through untouched', async () => {
    const forms = captureForms();
    const form = new FormData();
    form.append('file', new File(['x'], 'x.csv', { type: 'text/csv' }));
    await vapi.files.create(form);
    expect(forms).toEqual([[['file', 'x.csv', 'text/csv', 'x']]]);
  });

  it('explains what the core entry accepts when given a path', async () => {
    await expect(vapi.files.create('/tmp/faq.pdf' as never)).rejects.toThrow(
      /expected a File, Blob, ArrayBuffer, .* \(file paths work with the @voxdesk\/sdk\/node entry\) \(got "\/tmp\/faq.pdf"\)/,
    );
  });

  it('uploads a file path or file: URL from the Node entry, with name and guessed type', async () => {
    const forms = captureForms();
    const path = join(dir, 'faq.pdf');
    writeFileSync(path, bytes);
    // An explicit fetch keeps a proxy in the environment out of this msw-backed test.
    const nodeVapi = new NodeVapi({
      token: 'sk',
      baseUrl: BASE,
      fetch: (input, init) => globalThis.fetch(input, init),
    });
    await nodeVapi.files.create(path);
    await nodeVapi.voices.clone({
      name: 'Desk',
      files: [pathToFileURL(path), await fileFromPath(path, { filename: 'x.bin' })],
    });
    expect(forms).toEqual([
      [['file', 'faq.pdf', 'application/pdf', 'Opening hours: 9-5']],
      [
        ['name', '', '', 'Desk'],
        ['files', 'faq.pdf', 'application/pdf', 'Opening hours: 9-5'],
        ['files', 'x.bin', 'application/pdf', 'Opening hours: 9-5'],
      ],
    ]);
    await expect(nodeVapi.files.create(join(dir, 'missing.pdf'))).rejects.toThrow(
      `Cannot upload ${join(dir, 'missing.pdf')}: no such file.`,
    );
    await expect(nodeVapi.files.create(dir)).rejects.toThrow(`Cannot upload ${dir}: not a regular file.`);
  });
});
