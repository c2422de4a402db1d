// Test support, exported as `@voxdesk/auth/testing` (workspace source only; not in dist).
// A faithful in-memory stand-in for Airtable's REST API, as msw handlers: the request and
// response shapes, error bodies and status codes of FACTS.md ("Airtable"). Formulas outside
// the subset the stores send (fake-formula.ts) are refused with 422 INVALID_FILTER_BY_FORMULA,
// as a real base refuses a formula it cannot parse. It serves two tables of one base: users (schemaless,
// as old bases vary) and Leads, whose schema it enforces as a real base does (unknown field
// names and single-select options are 422s, empty values are never returned, `sort[]` works).
import { http, HttpResponse } from 'msw';
import { LEAD_STATUSES } from '../lead-record.ts';
import { compileFormula } from './fake-formula.ts';

export interface FakeRecord {
  id: string;
  createdTime: string;
  fields: Record<string, unknown>;
}

/** A table's fields; a select field lists its options. */
export type FakeSchema = Record<string, 'text' | 'number' | readonly string[]>;

export const LEADS_SCHEMA: FakeSchema = {
  Name: 'text',
  Email: 'text',
  Company: 'text',
  Phone: 'text',
  Message: 'text',
  Slot: 'text',
  'Time Zone': 'text',
  Language: 'text',
  'Source Page': 'text',
  // A base set up as docs/site.md says: the Status select lists every status.
  Status: LEAD_STATUSES,
  'Created At': 'number',
  'Updated At': 'number',
  Requests: 'number',
  'Last Request At': 'number',
};

export interface FakeAirtable {
  endpointUrl: string;
  baseId: string;
  /** The users table. */
  tableId: string;
  /** The leads table (Airtable accepts a table's name where it takes an id). */
  leadsTableId: string;
  token: string;
  /** The users table's records. */
  records: FakeRecord[];
  leads: FakeRecord[];
  /** Answer the next `n` requests with 429. */
  rateLimitNext(n: number): void;
  /** 429s answered because more than `perSecond` requests arrived within one second. */
  refusedForRate: number;
  requests: { method: string; url: URL; body?: unknown }[];
  handlers: ReturnType<typeof http.all>[];
}

const error = (status: number, type: string, message: string) =>
  HttpResponse.json({ error: { type, message } }, { status });

/** Parses `{Field} = '...'` (backslash escapes) or returns undefined. */
export function parseEqualsFormula(formula: string): { field: string; value: string } | undefined {
  const head = /^\{([^}]+)\} = '/.exec(formula);
  if (!head) return undefined;
  let value = '';
  for (let i = head[0].length; i < formula.length; i++) {
    const char = formula[i]!;
    if (char === '\\') {
      const next = formula[++i];
      if (next === undefined) return undefined;
      value += next;
    } else if (char === "'") {
      return i === formula.length - 1 ? { field: head[1]!, value } : undefined;
    } else {
      value += char;
    }
  }
  return undefined;
}

/**
 * `perSecond` (optional) makes the fake enforce Airtable's limit as the real base does: a
 * request that would be the (perSecond+1)-th within the last second is answered 429.
 */
export function createFakeAirtable(options: { pageSize?: number; perSecond?: number } = {}): FakeAirtable {
  const pageSize = options.pageSize ?? 100;
  const arrivals: number[] = [];
  let nextId = 1;
  let rateLimited = 0;
  const fake: FakeAirtable = {
    endpointUrl: 'https://airtable.test',
    baseId: 'appTestBase0000001',
    tableId: 'tblUsers000000001',
    leadsTableId: 'Leads',
    token: 'patFakeAirtableToken.secret',
    records: [],
    leads: [],
    rateLimitNext(n) {
      rateLimited = n;
    },
    refusedForRate: 0,
    requests: [],
    handlers: [],
  };
  const newId = () => `rec${String(nextId++).padStart(14, '0')}`;
  const guard = (request: Request, params: Record<string, unknown>) => {
    if (request.headers.get('authorization') !== `Bearer ${fake.token}`) {
      return error(401, 'AUTHENTICATION_REQUIRED', 'Authentication required');
    }
    const now = performance.now();
    while (arrivals.length > 0 && arrivals[0]! <= now - 1000) arrivals.shift();
    arrivals.push(now);
    const overRate = options.perSecond !== undefined && arrivals.length > options.perSecond;
    if (overRate) fake.refusedForRate++;
    if (rateLimited > 0 || overRate) {
      if (!overRate) rateLimited--;
      return HttpResponse.json(
        { errors: [{ error: 'RATE_LIMIT_REACHED', message: 'Rate limit exceeded. Please try again later' }] },
        { status: 429 },
      );
    }
    if (params.base !== fake.baseId)
      return error(404, 'NOT_FOUND', 'Could not find what you are looking for');
    if (params.table !== fake.tableId && params.table !== fake.leadsTableId) {
      return error(404, 'TABLE_NOT_FOUND', `Could not find table ${String(params.table)} in application`);
    }
    return undefined;
  };
  const tableOf = (params: Record<string, unknown>) =>
    params.table === fake.leadsTableId
      ? { records: fake.leads, schema: LEADS_SCHEMA }
      : { records: fake.records, schema: undefined };
  /** Checks fields against the schema and drops empty values, as Airtable stores them; or a 422. */
  const cleanFields = (fields: Record<string, unknown>, schema: FakeSchema | undefined) => {
    const kept: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(fields)) {
      const type = schema?.[name];
      if (schema && !type) return error(422, 'UNKNOWN_FIELD_NAME', `Unknown field name: "${name}"`);
      if (value === null || value === '' || value === undefined) continue;
      if (Array.isArray(type) && !type.includes(value)) {
        return error(
          422,
          'INVALID_MULTIPLE_CHOICE_OPTIONS',
          `Insufficient permissions to create new select option ""${String(value)}""`,
        );
      }
      if (
        (type === 'number' && typeof value !== 'number') ||
        (type === 'text' && typeof value !== 'string')
      ) {
        return error(422, 'INVALID_VALUE_FOR_COLUMN', `Field "${name}" cannot accept the provided value`);
      }
      kept[name] = value;
    }
    return kept;
  };
  /** `sort[i][field]` / `sort[i][direction]` of a list request; ties keep creation order. */
  const sortRecords = (records: FakeRecord[], url: URL, schema: FakeSchema | undefined) => {
    const keys: { field: string; desc: boolean }[] = [];
    for (let i = 0; url.searchParams.has(`sort[${i}][field]`); i++) {
      const field = url.searchParams.get(`sort[${i}][field]`)!;
      if (schema && !schema[field]) return error(422, 'UNKNOWN_FIELD_NAME', `Unknown field name: "${field}"`);
      keys.push({ field, desc: url.searchParams.get(`sort[${i}][direction]`) === 'desc' });
    }
    const compare = (a: unknown, b: unknown) =>
      a === b ? 0 : a === undefined ? -1 : b === undefined ? 1 : (a as number) < (b as number) ? -1 : 1;
    return [...records].sort((a, b) => {
      for (const { field, desc } of keys) {
        const order = compare(a.fields[field], b.fields[field]);
        if (order !== 0) return desc ? -order : order;
      }
      return 0;
    });
  };
  const base = `${fake.endpointUrl}/v0/:base/:table`;

  fake.handlers = [
    http.get(base, ({ request, params }) => {
      const url = new URL(request.url);
      fake.requests.push({ method: 'GET', url });
      const refused = guard(request, params);
      if (refused) return refused;
      const table = tableOf(params);
      const sorted = sortRecords(table.records, url, table.schema);
      if (sorted instanceof Response) return sorted;
      let records = sorted;
      const formula = url.searchParams.get('filterByFormula');
      if (formula !== null) {
        const matches = compileFormula(formula);
        if (!matches) {
          return error(
            422,
            'INVALID_FILTER_BY_FORMULA',
            `The formula for filtering records is invalid: Invalid formula. Please check your formula text.`,
          );
        }
        records = records.filter((record) => matches(record.fields));
      }
      const maxRecords = Number(url.searchParams.get('maxRecords') ?? Infinity);
      records = records.slice(0, maxRecords);
      const fields = url.searchParams.getAll('fields[]');
      const offset = url.searchParams.get('offset');
      // Real offsets are opaque (`itr…/rec…`); ours are `itr<n>`, and anything else is refused.
      if (offset !== null && !/^itr\d+$/.test(offset)) {
        return error(422, 'LIST_RECORDS_ITERATOR_NOT_AVAILABLE', 'The offset is not valid or has expired.');
      }
      const start = offset === null ? 0 : Number(offset.slice(3));
      const asked = Number(url.searchParams.get('pageSize') ?? pageSize);
      const size = Math.min(pageSize, Number.isInteger(asked) && asked > 0 ? asked : pageSize);
      const page = records.slice(start, start + size).map((record) => ({
        ...record,
        fields: fields.length
          ? Object.fromEntries(Object.entries(record.fields).filter(([key]) => fields.includes(key)))
          : record.fields,
      }));
      const more = start + size < records.length;
      return HttpResponse.json({ records: page, ...(more ? { offset: `itr${start + size}` } : {}) });
    }),
    http.get(`${base}/:id`, ({ request, params }) => {
      fake.requests.push({ method: 'GET', url: new URL(request.url) });
      const refused = guard(request, params);
      if (refused) return refused;
      const record = tableOf(params).records.find((candidate) => candidate.id === params.id);
      return record
        ? HttpResponse.json(record)
        : error(404, 'NOT_FOUND', 'Could not find what you are looking for');
    }),
    http.post(base, async ({ request, params }) => {
      const url = new URL(request.url);
      const body = (await request.json()) as { fields?: Record<string, unknown> };
      fake.requests.push({ method: 'POST', url, body });
      const refused = guard(request, params);
      if (refused) return refused;
      if (!body.fields)
        return error(422, 'INVALID_REQUEST_UNKNOWN', 'Invalid request: parameter validation failed');
      const table = tableOf(params);
      const fields = table.schema ? cleanFields(body.fields, table.schema) : body.fields;
      if (fields instanceof Response) return fields;
      const record = { id: newId(), createdTime: new Date().toISOString(), fields };
      table.records.push(record);
      return HttpResponse.json(record);
    }),
    http.patch(`${base}/:id`, async ({ request, params }) => {
      const url = new URL(request.url);
      const body = (await request.json()) as { fields: Record<string, unknown> };
      fake.requests.push({ method: 'PATCH', url, body });
      const refused = guard(request, params);
      if (refused) return refused;
      const table = tableOf(params);
      const record = table.records.find((candidate) => candidate.id === params.id);
      if (!record) return error(404, 'NOT_FOUND', 'Could not find what you are looking for');
      const fields = table.schema ? cleanFields(body.fields, table.schema) : body.fields;
      if (fields instanceof Response) return fields;
      Object.assign(record.fields, fields);
      // An empty value clears the field.
      for (const [name, value] of Object.entries(body.fields)) {
        if (value === null || value === '') delete record.fields[name];
      }
      return HttpResponse.json(record);
    }),
    http.delete(`${base}/:id`, ({ request, params }) => {
      const url = new URL(request.url);
      fake.requests.push({ method: 'DELETE', url });
      const refused = guard(request, params);
      if (refused) return refused;
      const records = tableOf(params).records;
      const index = records.findIndex((candidate) => candidate.id === params.id);
      if (index < 0) return error(404, 'NOT_FOUND', 'Could not find what you are looking for');
      records.splice(index, 1);
      return HttpResponse.json({ id: params.id, deleted: true });
    }),
  ];
  return fake;
}
