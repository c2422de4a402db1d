import type { Readable } from 'node:stream';
import { CancelledError } from '../errors.ts';
import type { IOStreams } from '../factory.ts';
import { readLine } from './stdin.ts';

/** Asks a yes/no question on stderr; anything but y/yes is a no. */
export async function confirm(io: IOStreams, question: string): Promise<boolean> {
  io.stderr.write(`? ${question} [y/N] `);
  const answer = (await readLine(io.stdin)).trim().toLowerCase();
  return answer === 'y' || answer === 'yes';
}

type RawStdin = Readable & { setRawMode?: (raw: boolean) => unknown; isRaw?: boolean };

/**
 * Reads a secret without echoing it. On a real terminal stdin goes into raw mode and we
 * handle Enter, Backspace and Ctrl-C ourselves; nothing typed is ever written back.
 */
export async function readSecret(io: IOStreams, question: string): Promise<string> {
  const stdin = io.stdin as RawStdin;
  io.stderr.write(question);
  if (typeof stdin.setRawMode !== 'function') {
    const line = await readLine(stdin);
    io.stderr.write('\n');
    return line;
  }
  const wasRaw = Boolean(stdin.isRaw);
  stdin.setRawMode(true);
  try {
    return await new Promise<string>((resolve, reject) => {
      let secret = '';
      const onData = (chunk: Buffer | string) => {
        for (const char of chunk.toString()) {
          if (char === '\r' || char === '\n') {
            stdin.off('data', onData);
            stdin.pause();
            return resolve(secret);
          }
          if (char === '\u0003' || char === '\u0004') {
            stdin.off('data', onData);
            stdin.pause();
            return reject(new CancelledError('login cancelled; nothing was stored'));
          }
          if (char === '\u007f' || char === '\b') secret = secret.slice(0, -1);
          else secret += char;
        }
      };
      stdin.on('data', onData);
      stdin.resume();
    });
  } finally {
    stdin.setRawMode(wasRaw);
    io.stderr.write('\n');
  }
}
