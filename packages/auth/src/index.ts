export { Accounts, INVALID_PASSWORD, USER_NOT_FOUND } from './accounts.ts';
export type { AuthResult, FirstAdmin, FirstAdminResult } from './accounts.ts';
export { AirtableUserStore } from './airtable-store.ts';
export type { AirtableUserStoreOptions } from './airtable-store.ts';
export {
  createUserStore,
  DEFAULT_DB_PATH,
  sqlitePathFromEnv,
  StoreConfigError,
  storeConfigFromEnv,
} from './config.ts';
export type { StoreConfig } from './config.ts';
export { DuplicateEmailError, STORE_AUTH_FAILED, UserNotFoundError, UserStoreError } from './errors.ts';
export { fieldEquals, formulaString } from './formula.ts';
export { MIGRATIONS } from './migrations.ts';
export { DEFAULT_SCRYPT_PARAMS, hashPassword, isPasswordHash, verifyPassword } from './password.ts';
export type { ScryptParams } from './password.ts';
export { DEFAULT_BACKOFF, withBackoff } from './retry.ts';
export type { BackoffOptions } from './retry.ts';
export { SqliteUserStore } from './sqlite-store.ts';
export type { NewUser, PublicUser, Role, UserRecord, UserStore } from './types.ts';
