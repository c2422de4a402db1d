import Airtable from 'airtable';
import { normalizeEmail } from './email.ts';
import {
  BadCursorError,
  DuplicateEmailError,
  LastAdminError,
  STORE_AUTH_FAILED,
  UserNotFoundError,
  UserStoreError,
} from './errors.ts';
import { fieldEquals } from './formula.ts';
import { limiterFor, type RateLimiter } from './rate-limit.ts';
import { DEFAULT_BACKOFF, withBackoff, type BackoffOptions } from './retry.ts';
import type { NewUser, PublicUser, Role, UserPage, UserRecord, UserStore } from './types.ts';

export interface AirtableUserStoreOptions {
  baseId: string;
  tableId: string;
  token: string;
  /** Defaults to `https://api.airtable.com`; tests point it at msw or a loopback server. */
  endpointUrl?: string;
  requestTimeoutMs?: number;
  backoff?: BackoffOptions;
  /** Defaults to the shared limiter of this endpoint and base (`limiterFor`). */
  limiter?: RateLimiter;
}

interface UserFields extends Airtable.FieldSet {
  Name?: string;
  Email?: string;
  Password?: string;
  Role?: string;
}

/** `AirtableError` is a plain object, not an `Error`: recognise it by shape. */
function airtableStatus(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'statusCode' in error) {
    const status = error.statusCode;
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}

function normalize(error: unknown, action: string): UserStoreError {
  if (error instanceof UserStoreError) return error;
  const status = airtableStatus(error);
  if (status === 401 || status === 403) return new UserStoreError(STORE_AUTH_FAILED, 502, { cause: error });
  if (status === 429) {
    return new UserStoreError('The user table is busy. Please try again in a few seconds.', 503, {
      cause: error,
    });
  }
  const detail =
    typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : '';
  return new UserStoreError(`Could not ${action} in Airtable${detail ? `: ${detail}` : ''}`, 502, {
    cause: error,
  });
}

const toRole = (value: unknown): Role => (value === 'Admin' ? 'Admin' : 'Client');

const toUser = ({ id, fields }: Airtable.Record<UserFields>): PublicUser => ({
  id,
  name: String(fields.Name ?? ''),
  email: String(fields.Email ?? ''),
  role: toRole(fields.Role),
});

/** Airtable's own page size limit. */
const MAX_PAGE = 100;
/** How long every request of the base waits after a 429 (Airtable asks for 30 s; we retry sooner, spaced). */
const PAUSE_AFTER_429_MS = 1_000;

const createdTime = (record: Airtable.Record<UserFields>) =>
  String((record._rawJson as { createdTime?: string } | undefined)?.createdTime ?? '');

/**
 * The hosted table of spec §7: fields Name, Email, Password, Role. Every request goes
 * through the base's rate limiter (under 5 requests/s). Airtable has no transactions or
 * unique constraints: duplicate emails and removing the last Admin are re-checked after
 * the write and compensated (see docs/security.md for what remains possible).
 */
export class AirtableUserStore implements UserStore {
  readonly #base: Airtable.Base;
  readonly #tableId: string;
  readonly #table: Airtable.Table<UserFields>;
  readonly #backoff: BackoffOptions;
  readonly #limiter: RateLimiter;

  constructor(options: AirtableUserStoreOptions) {
    const endpointUrl = options.endpointUrl ?? 'https://api.airtable.com';
    const airtable = new Airtable({
      apiKey: options.token,
      endpointUrl,
      requestTimeout: options.requestTimeoutMs ?? 10_000,
      // The package otherwise retries 429 forever; we retry a bounded number of times.
      noRetryIfRateLimited: true,
    });
    this.#base = airtable.base(options.baseId);
    this.#tableId = options.tableId;
    this.#table = this.#base.table<UserFields>(options.tableId);
    this.#backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.#limiter = options.limiter ?? limiterFor(`${endpointUrl} ${options.baseId}`);
  }

  async #run<T>(action: string, task: () => Promise<T>): Promise<T> {
    const isRateLimited = (error: unknown) => {
      if (airtableStatus(error) !== 429) return false;
      this.#limiter.pause(PAUSE_AFTER_429_MS);
      return true;
    };
    try {
      return await withBackoff(() => this.#limiter.run(task), isRateLimited, this.#backoff);
    } catch (error) {
      throw normalize(error, action);
    }
  }

  #withEmail(email: string, maxRecords?: number) {
    return this.#run('look up the user', () =>
      this.#table
        .select({ filterByFormula: fieldEquals('Email', email), ...(maxRecords ? { maxRecords } : {}) })
        .firstPage(),
    );
  }

  async findByEmail(email: string): Promise<UserRecord | undefined> {
    const wanted = normalizeEmail(email);
    const records = await this.#withEmail(wanted, 1);
    const record = records[0];
    if (!record || record.fields.Email !== wanted) return undefined;
    return { ...toUser(record), password: String(record.fields.Password ?? '') };
  }

  async findById(id: string): Promise<UserRecord | undefined> {
    try {
      const record = await this.#run('look up the user', () => this.#table.find(id));
      return { ...toUser(record), password: String(record.fields.Password ?? '') };
    } catch (error) {
      if (error instanceof UserStoreError && airtableStatus(error.cause) === 404) return undefined;
      throw error;
    }
  }

  async list(): Promise<PublicUser[]> {
    const records = await this.#run('load the users', () =>
      this.#table.select({ fields: ['Name', 'Email', 'Role'] }).all(),
    );
    return records.map(toUser);
  }

  async listPage({ limit, after }: { limit: number; after?: string }): Promise<UserPage> {
    if (after !== undefined && !/^[A-Za-z0-9/_-]{1,200}$/.test(after)) throw new BadCursorError();
    const response = await this.#run('load the users', () =>
      this.#base.makeRequest({
        method: 'GET',
        path: `/${encodeURIComponent(this.#tableId)}`,
        qs: {
          pageSize: Math.min(limit, MAX_PAGE),
          fields: ['Name', 'Email', 'Role'],
          ...(after ? { offset: after } : {}),
        },
      }),
    ).catch((error: unknown) => {
      // Airtable answers an unknown or expired offset with 422 LIST_RECORDS_ITERATOR_NOT_AVAILABLE.
      if (error instanceof UserStoreError && airtableStatus(error.cause) === 422 && after) {
        throw new BadCursorError({ cause: error });
      }
      throw error;
    });
    const body = response.body as { records?: Airtable.Record<UserFields>[]; offset?: string };
    const users = (body.records ?? []).map((record) => toUser(record));
    return body.offset ? { users, next: body.offset } : { users };
  }

  create(user: NewUser): Promise<PublicUser> {
    return this.#insert(user, 'Client');
  }

  createAdmin(user: NewUser): Promise<PublicUser> {
    return this.#insert(user, 'Admin');
  }

  async #insert(user: NewUser, role: Role): Promise<PublicUser> {
    const email = normalizeEmail(user.email);
    if (await this.findByEmail(email)) throw new DuplicateEmailError(email);
    const record = await this.#run('create the user', () =>
      this.#table.create({ Name: user.name, Email: email, Password: user.password, Role: role }),
    );
    // No unique constraint: look again, and if an earlier record won a race, withdraw ours.
    const same = await this.#withEmail(email);
    const first = [...same].sort(
      (a, b) => createdTime(a).localeCompare(createdTime(b)) || a.id.localeCompare(b.id),
    )[0];
    if (first && first.id !== record.id) {
      await this.#run('withdraw the duplicate user', () => this.#table.destroy(record.id));
      throw new DuplicateEmailError(email);
    }
    return { id: record.id, name: user.name, email, role };
  }

  #adminCount(): Promise<number> {
    return this.#run('count the Admins', () =>
      this.#table.select({ filterByFormula: fieldEquals('Role', 'Admin'), fields: ['Role'] }).all(),
    ).then((records) => records.length);
  }

  async remove(id: string): Promise<void> {
    const record = await this.findById(id);
    if (!record) throw new UserNotFoundError(id);
    if (record.role === 'Admin' && (await this.#adminCount()) <= 1) throw new LastAdminError();
    try {
      await this.#run('delete the user', () => this.#table.destroy(id));
    } catch (error) {
      if (error instanceof UserStoreError && airtableStatus(error.cause) === 404) {
        throw new UserNotFoundError(id, { cause: error.cause });
      }
      throw error;
    }
    if (record.role === 'Admin' && (await this.#adminCount()) === 0) {
      // Two Admins deleted each other at once: put this one back (under a new record id).
      await this.#run('restore the last Admin', () =>
        this.#table.create({
          Name: record.name,
          Email: record.email,
          Password: record.password,
          Role: 'Admin',
        }),
      );
      throw new LastAdminError();
    }
  }

  async setPassword(id: string, password: string): Promise<void> {
    try {
      await this.#run('update the password', () => this.#table.update(id, { Password: password }));
    } catch (error) {
      if (error instanceof UserStoreError && airtableStatus(error.cause) === 404) {
        throw new UserNotFoundError(id, { cause: error.cause });
      }
      throw error;
    }
  }

  async close(): Promise<void> {}
}
