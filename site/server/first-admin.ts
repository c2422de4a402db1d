import type { Accounts } from '@voxdesk/auth';

/**
 * First start with an empty store: create the Admin from ADMIN_EMAIL/ADMIN_PASSWORD, or
 * generate a password and print it this once (it is stored only as a hash).
 */
export async function ensureFirstAdmin(
  accounts: Accounts,
  admin: { email: string; password?: string },
  print: (message: string) => void,
): Promise<void> {
  const result = await accounts.ensureFirstAdmin(admin);
  if (!result.created) return;
  if (result.generatedPassword) {
    print(
      [
        'Created the first Admin account. Its password is shown only this once:',
        `  email:    ${result.user.email}`,
        `  password: ${result.generatedPassword}`,
        'Log in at /login, then add clients at /admin.',
      ].join('\n'),
    );
  } else {
    print(`Created the first Admin account ${result.user.email} (password from ADMIN_PASSWORD).`);
  }
}
