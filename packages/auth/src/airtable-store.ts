import type Airtable from 'airtable';
import {
  AirtableConnection,
  isAirtableStatus,
  type AirtableConnectionOptions,
} from './airtable-connection.ts';
import { normalizeEmail } from './email.ts';
import { BadCursorError, DuplicateEmailError, LastAdminError, UserNotFoundError } from './errors.ts';
import { fieldEquals } from './formula.ts';
import type { NewUser, PublicUser, Role, UserPage, UserRecord, UserStore } from './types.ts';

export interface AirtableUserStoreOptions extends AirtableConnectionOptions {
  tableId: string;
  /** The base's connection when another table (leads) shares it; built from the options otherwise. */
  connection?: AirtableConnection;
}

interface UserFields extends Airtable.FieldSet {
  Name?: string;
  Email?: string;
  Password?: string;
  Role?: string;
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

const createdTime = (record: Airtable.Record<UserFields>) =>
  String((record._rawJson as { createdTime?: string } | undefined)?.createdTime ?? '');

/**
 * The hosted table of spec §7: fields Name, Email, Password, Role. Every request goes
 * through the base's rate limiter (under 5 requests/s). Airtable has no transactions or
 * unique constraints: duplicate emails and removing the last Admin are re-checked after
 * the write and compensated (see docs/security.md for what remains possible).
 */
export class AirtableUserStore implements UserStore {
  readonly #connection: AirtableConnection;
  readonly #base: Airtable.Base;
  readonly #tableId: string;
  readonly #table: Airtable.Table<UserFields>;

  constructor(options: AirtableUserStoreOptions) {
    this.#connection = options.connection ?? new AirtableConnection(options);
    this.#base = this.#connection.base;
    this.#tableId = options.tableId;
    this.#table = this.#base.table<UserFields>(options.tableId);
  }

  #run<T>(action: string, task: () => Promise<T>): Promise<T> {
    return this.#connection.run(action, task);
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
      if (isAirtableStatus(error, 404)) return undefined;
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
      if (isAirtableStatus(error, 422) && after) {
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
      if (isAirtableStatus(error, 404)) {
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
      if (isAirtableStatus(error, 404)) {
        throw new UserNotFoundError(id, { cause: error.cause });
      }
      throw error;
    }
  }

  async close(): Promise<void> {}
}
