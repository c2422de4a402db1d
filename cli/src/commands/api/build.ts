import { readFile } from 'node:fs/promises';
import { UsageError } from '../../errors.ts';
import type { IOStreams } from '../../factory.ts';
import { buildFields, toQuery, type FieldObject } from '../../input/fields.ts';
import { parseJson } from '../../input/body.ts';
import { readAll } from '../../input/stdin.ts';

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type ApiMethod = (typeof METHODS)[number];

export interface ApiFlags {
  rawField?: string[];
  field?: string[];
  header?: string[];
  input?: string;
  paginate?: boolean;
  include?: boolean;
}

export interface ApiRequest {
  method: ApiMethod;
  path: string;
  query: [string, string][];
  body?: unknown;
  headers: Record<string, string>;
}

type QueryRecord = Record<string, string | string[]>;

/** Query pairs as the SDK's query object; repeated keys (`a[]`) become arrays. */
function queryRecord(pairs: readonly [string, string][]): QueryRecord {
  const record: QueryRecord = {};
  for (const [key, value] of pairs) {
    const existing = record[key];
    record[key] =
      existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return record;
}

/** The SDK's `vapi.request` argument for one request. */
export function sdkRequest(request: ApiRequest) {
  return {
    method: request.method,
    path: request.path,
    headers: request.headers,
    ...(request.query.length ? { query: queryRecord(request.query) } : {}),
    ...(request.body !== undefined ? { body: request.body } : {}),
  };
}

/** `api GET /x`, or `api /x` (GET, or POST when a body is given, as `gh api`). */
function methodAndPath(first: string, second: string | undefined, hasBody: boolean): [ApiMethod, string] {
  const [rawMethod, rawPath] = second === undefined ? [hasBody ? 'POST' : 'GET', first] : [first, second];
  const method = rawMethod.toUpperCase();
  if (!(METHODS as readonly string[]).includes(method)) {
    throw new UsageError(`unknown method "${rawMethod}": use one of ${METHODS.join(', ')}`);
  }
  if (!rawPath.startsWith('/')) {
    throw new UsageError(
      `the path must start with / (e.g. /assistant), got "${rawPath}"; full URLs are not accepted, use --base-url`,
    );
  }
  if (/[{}]/.test(rawPath)) throw new UsageError(`fill in the path's placeholders: ${rawPath}`);
  return [method as ApiMethod, rawPath];
}

function parseHeaders(lines: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const index = line.indexOf(':');
    if (index <= 0) throw new UsageError(`-H expects "Name: value", got "${line}"`);
    headers[line.slice(0, index).trim()] = line.slice(index + 1).trim();
  }
  return headers;
}

async function readInput(io: IOStreams, input: string): Promise<unknown> {
  if (input === '-') return parseJson(await readAll(io.stdin), 'stdin');
  try {
    return parseJson(await readFile(input, 'utf8'), input);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read --input ${input}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
}

/** Turns the `api` arguments into one request; every mistake is a usage error before sending. */
export async function buildApiRequest(
  io: IOStreams,
  args: { first: string; second: string | undefined },
  flags: ApiFlags,
): Promise<ApiRequest> {
  const fieldFlags = [
    ...(flags.rawField ?? []).map((pair) => ({ kind: 'raw' as const, pair })),
    ...(flags.field ?? []).map((pair) => ({ kind: 'typed' as const, pair })),
  ];
  if (flags.paginate && flags.include) {
    throw new UsageError('--paginate prints one array of every page; it cannot show headers too (drop -i)');
  }
  const stdinUsers =
    (flags.input === '-' ? 1 : 0) + (flags.field ?? []).filter((pair) => pair.endsWith('=@-')).length;
  if (stdinUsers > 1)
    throw new UsageError('stdin can be read only once: use it for --input - or one @- field');
  const hasBody = flags.input !== undefined || fieldFlags.length > 0;
  const [method, fullPath] = methodAndPath(args.first, args.second, hasBody);
  if (flags.paginate && method !== 'GET') throw new UsageError(`--paginate follows GET lists, not ${method}`);
  const url = new URL(fullPath, 'http://placeholder');
  const query: [string, string][] = [...url.searchParams];
  const fields: FieldObject = await buildFields(fieldFlags, { readStdin: () => readAll(io.stdin) });
  const headers = parseHeaders(flags.header ?? []);
  const request: ApiRequest = { method, path: url.pathname, query, headers };
  if (flags.input !== undefined) {
    if (method === 'GET' || method === 'DELETE')
      throw new UsageError(`--input sends a body, which ${method} does not take`);
    request.body = await readInput(io, flags.input);
    query.push(...toQuery(fields));
  } else if (method === 'GET' || method === 'DELETE') {
    query.push(...toQuery(fields));
  } else if (fieldFlags.length > 0) {
    request.body = fields;
  }
  return request;
}
