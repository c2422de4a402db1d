import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config.ts';
import { jsonLogger } from './request-log.ts';
import { startServer } from './start.ts';

const clientDir = fileURLToPath(new URL('../client', import.meta.url));
const SHUTDOWN_GRACE_MS = 10_000;

try {
  // `npm start` runs in site/; relative paths (VOXDESK_DB) mean the folder it was typed in.
  const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  const server = await startServer(config, { clientDir });
  // Playwright's webServer waits for exactly this line.
  console.log(`Voxdesk listening on ${server.url}`);

  const shutdown = (signal: string) => {
    jsonLogger({ level: 'info', msg: `${signal}: finishing in-flight requests, then closing the database` });
    setTimeout(() => {
      jsonLogger({
        level: 'error',
        msg: `requests still open after ${SHUTDOWN_GRACE_MS} ms; exiting anyway`,
      });
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Voxdesk could not start: ${String(error)}`);
  process.exit(1);
}
