/**
 * Known credentials of the e2e server (playwright.config.ts webServer.env): on its empty,
 * throwaway SQLite database the server creates this Admin at start.
 */
export const e2eAdmin = {
  name: 'Administrator',
  email: 'admin@voxdesk.test',
  password: 'e2e-admin-password',
} as const;

/** The e2e server's session secret: the build-output scan proves it never reaches the browser. */
export const e2eSessionSecret = 'e2e-session-secret-0123456789abcdef0123456789';

/** The e2e server's VAPI_WEBHOOK_SECRET: fake call lifecycles are signed with it. */
export const e2eWebhookSecret = 'e2e-vapi-webhook-secret-0123456789';
