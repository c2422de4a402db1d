import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import {
  chromiumArgs,
  e2eAdmin,
  e2eSessionSecret,
  e2eWebhookSecret,
  headlessShellPath,
} from './tests/e2e/fixtures.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  // Room for a loaded 2-core machine: the waits are for the page to settle, not speed checks
  // (those are benches). Under a load average of 20+ a cold server page took over 5 s.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  // The JSON report gives each spec's time; `npm test` (scripts/test-all.ts) prints the slowest.
  reporter: [['list'], ['json', { outputFile: 'reports/e2e-timings.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${process.env.PW_PORT}`,
    // Recording a trace costs CPU on every test, passing or not (screencast frames and DOM
    // snapshots: 40 % of the marketing and chatbot specs' CPU), so CI records none; a failure
    // keeps its screenshot and its error. Locally a failed test keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: headlessShellPath, args: chromiumArgs },
  },
  // The real server on a free loopback port, on a throwaway SQLite database.
  webServer: {
    command: 'node site/dist/server/main.js',
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      VOXDESK_DB: join(tmpdir(), `voxdesk-e2e-${randomUUID()}`, 'voxdesk.db'),
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
      SESSION_SECRET: e2eSessionSecret,
      VAPI_WEBHOOK_SECRET: e2eWebhookSecret,
      // Every spec's visitor reaches this one server from 127.0.0.1, so the per-address limit
      // (5 leads an hour) would count how many specs send a lead, not one visitor's posts. The
      // limit itself is tested in site/server/test (leads-routes, start).
      LEADS_PER_HOUR: '100',
      // Never a developer's real Airtable base or Vapi account.
      AIRTABLE_BASE_ID: '',
      AIRTABLE_TABLE_ID: '',
      AIRTABLE_TOKEN: '',
      VAPI_PRIVATE_KEY: '',
      // The shared server's /demo is offline (specs that need the demo start their own server).
      VAPI_PUBLIC_KEY: '',
      VAPI_ASSISTANT_ID: '',
    },
    wait: { stdout: /listening on http:\/\/127\.0\.0\.1:(?<pw_port>\d+)/ },
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
