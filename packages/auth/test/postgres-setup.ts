// Vitest globalSetup: one throw-away PostgreSQL server for the whole run of this project
// (about a second to start); each test makes its own schema on it (stores.ts).
import type { TestProject } from 'vitest/node';
import { startTestPostgres } from '../src/testing/postgres-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startTestPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
