import Airtable from 'airtable';
import { DuplicateEmailError, STORE_AUTH_FAILED, UserNotFoundError, UserStoreError } from './errors.ts';
import { fieldEquals } from './formula.ts';
import { DEFAULT_BACKOFF, withBackoff, type BackoffOptions } from './retry.ts';
import type { NewUser, PublicUser, Role, UserRecord, UserStore } from './types.ts';

export interface AirtableUserStoreOptions {
  baseId: string;
  tableId: string;
  token: string;
  /** Defaults to `https://api.airtable.com`; tests point it at msw or a loopback server. */
  endpointUrl?: string;
  requestTimeoutMs?: number;
  backoff?: BackoffOptions;
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

/** The hosted table of spec §7: fields Name, Email, Password, Role. */
export class AirtableUserStore implements UserStore {
  readonly #table: Airtable.Table<UserFields>;
  readonly #backoff: BackoffOptions;

  constructor(options: AirtableUserStoreOptions) {
    const airtable = new Airtable({
      apiKey: options.token,
      endpointUrl: options.endpointUrl ?? 'https://api.airtable.com',
      requestTimeout: options.requestTimeoutMs ?? 10_000,
      // The package otherwise retries 429 forever; we retry a bounded number of times.
      noRetryIfRateLimited: true,
    });
    this.#table = airtable.base(options.baseId).table<UserFields>(options.tableId);
    this.#backoff = options.backoff ?? DEFAULT_BACKOFF;
  }

  async #run<T>(action: string, task: () => Promise<T>): Promise<T> {
    try {
      return await withBackoff(task, (error) => airtableStatus(error) === 429, this.#backoff);
    } catch (error) {
      throw normalize(error, action);
    }
  }

  async findByEmail(email: string): Promise<UserRecord | undefined> {
    const records = await this.#run('look up the user', () =>
      this.#table.select({ filterByFormula: fieldEquals('Email', email), maxRecords: 1 }).firstPage(),
    );
    const record = records[0];
    if (!record || record.fields.Email !== email) return undefined;
    return { ...toUser(record), password: String(record.fields.Password ?? '') };
  }

  async list(): Promise<PublicUser[]> {
    const records = await this.#run('load the users', () =>
      this.#table.select({ fields: ['Name', 'Email', 'Role'] }).all(),
    );
    return records.map(toUser);
  }

  create(user: NewUser): Promise<PublicUser> {
    return this.#insert(user, 'Client');
  }

  createAdmin(user: NewUser): Promise<PublicUser> {
    return this.#insert(user, 'Admin');
  }

  async #insert(user: NewUser, role: Role): Promise<PublicUser> {
    // Airtable has no unique constraint: check first (a race between two admins can still
    // create a duplicate; login then matches the first record).
    if (await this.findByEmail(user.email)) throw new DuplicateEmailError(user.email);
    const record = await this.#run('create the user', () =>
      this.#table.create({ Name: user.name, Email: user.email, Password: user.password, Role: role }),
    );
    return { id: record.id, name: user.name, email: user.email, role };
  }

  async remove(id: string): Promise<void> {
    try {
      await this.#run('delete the user', () => this.#table.destroy(id));
    } catch (error) {
      if (error instanceof UserStoreError && airtableStatus(error.cause) === 404) {
        throw new UserNotFoundError(id, { cause: error.cause });
      }
      throw error;
    }
  }

  async setPassword(id: string, password: string): Promise<void> {
    await this.#run('update the password', () => this.#table.update(id, { Password: password }));
  }

  async close(): Promise<void> {}
}
