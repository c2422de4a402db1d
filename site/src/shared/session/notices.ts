/** What a signed-in Client sees on /demo after opening an Admin-only page. */
export const ADMIN_ONLY_NOTICE =
  'Client Management is for Admin accounts only, so you are back on the demo. Sign in with an Admin account to manage clients.';
