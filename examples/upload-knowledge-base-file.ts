/**
 * Upload a document and give it to assistants as a knowledge base (a "query" tool).
 *
 *   VAPI_TOKEN=<private key> node examples/upload-knowledge-base-file.ts [path/to/faq.pdf]
 *
 * `@voxdesk/sdk/node` is the same client plus Node extras: here, a file path as the
 * upload (the file is streamed from disk). In browsers pass a `File` or `Blob` instead.
 */
import { fileURLToPath } from 'node:url';
import { Vapi, fileFromPath } from '@voxdesk/sdk/node';

const token = process.env.VAPI_TOKEN;
if (!token) {
  console.error('Set VAPI_TOKEN to your Vapi private key.');
  process.exit(2);
}

const vapi = new Vapi({ token, baseUrl: process.env.VAPI_BASE_URL });

const path = process.argv[2] ?? fileURLToPath(new URL('data/clinic-faq.md', import.meta.url));
// fileFromPath fails with "Cannot upload <path>: no such file." before anything is sent.
const file = await vapi.files.create(await fileFromPath(path));
console.log(`file ${file.id} uploaded: ${file.name} (${file.bytes ?? '?'} bytes)`);

const tool = await vapi.tools.create({
  type: 'query',
  knowledgeBases: [
    {
      provider: 'google',
      name: 'clinic-faq',
      description: 'Opening hours, billing and parking at Harbour Dental',
      fileIds: [file.id],
    },
  ],
});
console.log(`query tool ${tool.id} created: add it to an assistant's model.toolIds`);
