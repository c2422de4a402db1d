/**
 * Known credentials of the e2e server (playwright.config.ts webServer.env): on its empty,
 * throwaway SQLite database the server creates this Admin at start.
 */
export const e2eAdmin = {
  name: 'Administrator',
  email: 'admin@voxdesk.test',
  password: 'e2e owner keeps bees',
} as const;

/** The e2e server's session secret: the build-output scan proves it never reaches the browser. */
export const e2eSessionSecret = 'e2e-session-secret-0123456789abcdef0123456789';

/** The e2e server's VAPI_WEBHOOK_SECRET: fake call lifecycles are signed with it. */
export const e2eWebhookSecret = 'e2e-vapi-webhook-secret-0123456789';
/** Chromium's arguments for every spec (playwright.config.ts); specs that add media flags extend them. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Without this Chromium looks up Google hosts at start; nothing may leave loopback.
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
];

/** Debian's Chromium; Playwright never downloads a browser here. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
