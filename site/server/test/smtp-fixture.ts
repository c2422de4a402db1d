// A real SMTP server on 127.0.0.1 (the `smtp-server` package), started by the test: it can be
// down (nothing listening on its port), accept mail, or answer RCPT TO with 421 or 550.
import { createServer, type Server } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** Header lines of the raw message, keys lower-cased. */
  headers: Record<string, string>;
  raw: string;
}

export type SmtpMode = 'accept' | '421' | '550';

export interface TestSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  mode: SmtpMode;
  /** Starts listening on `port` (again). */
  up(): Promise<void>;
  /** Stops listening: connections are refused. */
  down(): Promise<void>;
  /** Messages by Message-ID: how many copies of each arrived. */
  copies(): Map<string, number>;
}

/** A free loopback port, nothing listening on it yet. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe: Server = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function parseHeaders(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** Down until `up()` unless `start` is true. */
export async function testSmtp(options: { start?: boolean } = {}): Promise<TestSmtp> {
  const port = await freePort();
  let server: SMTPServer | undefined;
  const smtp: TestSmtp = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received: [],
    mode: 'accept',
    async up() {
      if (server) return;
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onRcptTo(address, _session, callback) {
          if (smtp.mode === 'accept') return callback();
          const code = Number(smtp.mode);
          const error = Object.assign(
            new Error(code === 421 ? 'Service busy, try again later' : 'No such mailbox here'),
            { responseCode: code },
          );
          callback(error);
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8');
            smtp.received.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              headers: parseHeaders(raw),
              raw,
            });
            callback();
          });
        },
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, '127.0.0.1', () => resolve());
      });
    },
    async down() {
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    copies() {
      const counts = new Map<string, number>();
      for (const mail of smtp.received) {
        const id = mail.headers['message-id'] ?? '';
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      return counts;
    },
  };
  if (options.start) await smtp.up();
  return smtp;
}
