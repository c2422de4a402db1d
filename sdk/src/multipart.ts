import type { FormEncoder } from './client.ts';
import { toFormData } from './upload.ts';

/** What the generated upload methods pass to `send` as `multipart`: the encoder in upload.ts. */
export const multipart: FormEncoder = toFormData;
