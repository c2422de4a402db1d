// Vitest globalSetup: one throw-away PostgreSQL server for the whole run of this project
// (about a second to start), accepting TLS too; each test makes its own schema on it (stores.ts).
import type { TestProject } from 'vitest/node';
import { startTestPostgres } from '../src/testing/postgres-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** The CA that signed the server's TLS certificate (for 127.0.0.1). */
    postgresCa: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startTestPostgres({ tls: true });
  project.provide('postgresUrl', server.url);
  project.provide('postgresCa', server.caFile!);
  return () => server.stop();
}
