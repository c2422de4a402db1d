import type { SessionUser } from '../../../contract/api-types.ts';

export type { Role, SessionUser } from '../../../contract/api-types.ts';

/** Checks a value from the server or localStorage before the app trusts its shape. */
export function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    (typeof user.id === 'string' || typeof user.id === 'number') &&
    typeof user.name === 'string' &&
    typeof user.email === 'string' &&
    (user.role === 'Admin' || user.role === 'Client')
  );
}

/** Normalises an id that a store may hand out as a number (SQLite rowid) to a string. */
export function toSessionUser(value: SessionUser): SessionUser {
  const user: SessionUser = { id: String(value.id), name: value.name, email: value.email, role: value.role };
  return value.mustChangePassword === true ? { ...user, mustChangePassword: true } : user;
}
