import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { fileURLToPath } from 'node:url';

// Types Vapi's knowledge-base and voice uploads commonly carry; anything else is octet-stream.
const TYPES: Record<string, string> = {
  '.csv': 'text/csv',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.html': 'text/html',
  '.json': 'application/json',
  '.m4a': 'audio/mp4',
  '.md': 'text/markdown',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.ogg': 'audio/ogg',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
  '.wav': 'audio/wav',
  '.webm': 'audio/webm',
  '.xml': 'application/xml',
  '.yaml': 'application/yaml',
};

/** Opens a file as a `File` (streamed from disk, not read into memory) with its name and type. */
export async function fileFromPath(
  path: string | URL,
  options: { filename?: string; contentType?: string } = {},
): Promise<File> {
  const filePath = path instanceof URL ? fileURLToPath(path) : path;
  const type = options.contentType ?? TYPES[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
  // stat first: openAsBlob's own error does not say what was wrong.
  const info = await stat(filePath).catch((error: NodeJS.ErrnoException) => {
    const why =
      error.code === 'ENOENT'
        ? 'no such file'
        : error.code === 'EACCES'
          ? 'permission denied'
          : error.message;
    throw new Error(`Cannot upload ${filePath}: ${why}.`, { cause: error });
  });
  if (!info.isFile()) throw new Error(`Cannot upload ${filePath}: not a regular file.`);
  const blob = await openAsBlob(filePath, { type });
  return new File([blob], options.filename ?? basename(filePath), { type });
}

/** The Node entry's upload resolver: a path string or file: URL names a file. */
export async function resolvePathUpload(value: unknown): Promise<Blob | undefined> {
  if (typeof value === 'string' || (value instanceof URL && value.protocol === 'file:'))
    return fileFromPath(value);
  return undefined;
}
