import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 3000);
const clientDir = fileURLToPath(new URL('../client', import.meta.url));

const server = serve({ fetch: createApp({ clientDir }).fetch, hostname: host, port }, (info) => {
  console.log(`Voxdesk listening on http://${host}:${info.port}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
