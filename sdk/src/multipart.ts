import type { FormEncoder } from './client.ts';

/**
 * What the generated upload methods pass to `send` as `multipart`: the encoder in upload.ts,
 * loaded on the first upload, so code-split apps that never upload do not ship it up front.
 */
export const multipart: FormEncoder = async (where, body, resolve) =>
  (await import('./upload.ts')).toFormData(where, body, resolve);
