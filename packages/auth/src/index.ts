export { Accounts, LOGIN_FAILED, toAccountUser, WRONG_CURRENT_PASSWORD } from './accounts.ts';
export type { AccountUser, AuthResult, FirstAdmin, FirstAdminResult, HashRunner } from './accounts.ts';
export { AirtableConnection } from './airtable-connection.ts';
export type { AirtableConnectionOptions } from './airtable-connection.ts';
export { AirtableLeadStore, DEFAULT_LEADS_TABLE } from './airtable-lead-store.ts';
export { AirtableUserStore } from './airtable-store.ts';
export type { AirtableUserStoreOptions } from './airtable-store.ts';
export {
  createStore,
  DEFAULT_DB_PATH,
  sqlitePathFromEnv,
  StoreConfigError,
  storeConfigFromEnv,
} from './config.ts';
export type { StoreConfig } from './config.ts';
export { normalizeEmail } from './email.ts';
export {
  BadCursorError,
  DuplicateEmailError,
  LastAdminError,
  LeadNotFoundError,
  LeadNotHeldError,
  STORE_AUTH_FAILED,
  STORE_FAILED,
  STORE_UNAVAILABLE,
  UserNotFoundError,
  UserStoreError,
  WeakPasswordError,
} from './errors.ts';
export { fieldEquals, formulaString } from './formula.ts';
export {
  isLeadStatus,
  LEAD_LANGUAGES,
  LEAD_STATUS_CHOICES,
  SETTABLE_LEAD_STATUS_CHOICES,
  SETTABLE_LEAD_STATUSES,
  LEAD_STATUSES,
  MAX_NOTE_LENGTH,
  PHONE_PATTERN,
} from './lead-record.ts';
export type { LeadLanguage } from './lead-record.ts';
export { MIGRATIONS } from './migrations.ts';
export type { Migration } from './migrations.ts';
export {
  DEFAULT_SCRYPT_PARAMS,
  hashPassword,
  isPasswordHash,
  isTemporary,
  markTemporary,
  verifyPassword,
} from './password.ts';
export type { ScryptParams } from './password.ts';
export {
  commonPasswords,
  CONTEXT_WORDS,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  passwordProblem,
} from './password-policy.ts';
export type { PasswordContext } from './password-policy.ts';
export { AIRTABLE_RATE, limiterFor, RateLimiter } from './rate-limit.ts';
export type { RateLimiterOptions } from './rate-limit.ts';
export { DEFAULT_BACKOFF, withBackoff } from './retry.ts';
export type { BackoffOptions } from './retry.ts';
export { DEFAULT_SESSION_POLICY, sessionIdOf, Sessions } from './sessions.ts';
export type { ActiveSession, SessionPolicy } from './sessions.ts';
export { postgresConnectionOptions } from './postgres-connection.ts';
export { DEFAULT_POOL_SIZE, DEFAULT_STATEMENT_TIMEOUT_MS, PostgresStore } from './postgres-store.ts';
export type { PostgresStoreOptions } from './postgres-store.ts';
export { migratePostgres, POSTGRES_MIGRATIONS } from './postgres-migrations.ts';
export { SqliteStore } from './sqlite-store.ts';
export { DEFAULT_MAX_ATTEMPT_ROWS, LASTING_ATTEMPT_PREFIXES } from './attempt-cap.ts';
export { HOLD_MS, OutboxFirstLeadStore } from './outbox-first-leads.ts';
export { LINK_LIFETIME_MS, linkTokenHash, newLinkToken } from './link-tokens.ts';
export type { LinkPurpose, LinkTokenStore, NewLinkToken } from './link-tokens.ts';
export {
  DEFAULT_RETRY_BASE_MS,
  newOutboxId,
  outboxIdOf,
  outboxRecipient,
  outboxRetryDelay,
} from './outbox.ts';
export type {
  ClaimOptions,
  NewOutboxMessage,
  OutboxFailure,
  OutboxMessage,
  OutboxPayload,
  OutboxStatus,
  OutboxStore,
  OutboxSummary,
} from './outbox.ts';
export type {
  AttemptCount,
  AttemptStore,
  CallReportPage,
  CallReportRecord,
  CallReportStore,
  CallTurn,
  LeadPage,
  LeadRecord,
  LeadStatus,
  LeadFilter,
  LeadMessages,
  ReceivedRequest,
  LeadNote,
  LeadNoteStore,
  LeadStore,
  LeadVisitStore,
  NoteAuthor,
  NewLead,
  NewLeadStatus,
  NewUser,
  PublicUser,
  PublishedSample,
  PublishedSampleInfo,
  PublishedSampleStore,
  Role,
  SessionRecord,
  SessionStore,
  Store,
  UserPage,
  UserRecord,
  UserStore,
} from './types.ts';
export { leadMessagesFor } from './types.ts';
export { backupSqliteDatabase, restoreSqliteDatabase } from './sqlite-backup.ts';
