import { existsSync } from 'node:fs';

const headlessShell = '/usr/bin/chromium-headless-shell';

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

/**
 * Debian's full Chromium; Playwright never downloads a browser here. Specs that need media
 * (getUserMedia with a fake microphone) launch this one: the headless shell has no media stack.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser of every other spec (playwright.config.ts): Debian's `chromium-headless-shell`
 * (.ci/run installs it), the same engine without the full browser's UI layers. It took half the
 * CPU of the full Chromium over the marketing and chatbot specs (34.6 s against 67.7 s). Without
 * it, the full Chromium.
 */
export const headlessShellPath =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? (existsSync(headlessShell) ? headlessShell : chromiumPath);
