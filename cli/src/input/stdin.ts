import type { Readable } from 'node:stream';

/** Reads a stream to its end as bytes (a file piped to `files create -`). */
export async function readBytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}

/** Reads a stream to its end as UTF-8 (bodies and tokens piped on stdin). */
export async function readAll(stream: Readable): Promise<string> {
  return (await readBytes(stream)).toString('utf8');
}

/** Reads one line (without its newline) and leaves the rest of the stream unread. */
export function readLine(stream: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const finish = (line: string, rest?: string) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.pause();
      if (rest) stream.unshift(Buffer.from(rest));
      resolve(line);
    };
    const onData = (chunk: Buffer | string) => {
      buffered += chunk.toString();
      const newline = buffered.search(/\r?\n|\r/);
      if (newline >= 0) {
        const match = /\r?\n|\r/.exec(buffered.slice(newline))!;
        finish(buffered.slice(0, newline), buffered.slice(newline + match[0].length));
      }
    };
    const onEnd = () => finish(buffered);
    const onError = (error: Error) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      reject(error);
    };
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
    stream.resume();
  });
}
