import { api, call } from '../../shared/api/index.ts';

/** `POST /api/access-requests`: the same answer whether or not the address has an account. */
export async function requestAccess(input: { name: string; email: string }): Promise<void> {
  await call(api['access-requests'].$post({ json: { ...input, language: 'en' } }));
}

/** `POST /api/password/reset`: the same answer whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await call(api.password.reset.$post({ json: { email, language: 'en' } }));
}
