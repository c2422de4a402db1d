/**
 * One route per operation-table row, answered by the row's shape: item rows read, update,
 * replace or delete a stored record; collection rows create and list; anything else gets
 * a well-formed neutral answer in the shape of the row's `returns` column (an echoed object
 * for POST, `[]` or an empty page for GET, `{}` otherwise). Resource-specific behaviour lives in the sibling route files.
 */
import type { RouteArgs, RouteDef } from '../context.ts';
import { resolvePath } from '../context.ts';
import { errorResponse } from '../errors.ts';
import { listPage, listV1 } from '../lists.ts';
import type { FakeRecord } from '../state.ts';
import { collection, newRecord } from '../state.ts';
import type { OperationRow, TableIndex } from '../table.ts';
import { readBody } from '../body.ts';
import { badUpdateQuery, created, missingParent, store, validBody } from './records.ts';

export function genericRoute(row: OperationRow, index: TableIndex): RouteDef {
  const shape = index.classify(row);
  const guarded = (answer: (args: RouteArgs) => Promise<Response> | Response) => async (args: RouteArgs) =>
    missingParent(index, row.path, args) ?? answer(args);

  const route = (handler: RouteDef['handler']): RouteDef => ({
    method: row.method,
    path: row.path,
    auth: row.auth !== 'none',
    handler: guarded(handler),
  });

  switch (shape.kind) {
    case 'item':
      return route((args) =>
        itemAction(row.method, shape.collection, args.params[idName(row.path)] ?? '', args),
      );
    case 'create':
      return route(async (args) => {
        const outcome = await validBody(args, shape.collection, 'create');
        if (!outcome.ok) return outcome.response;
        return created(
          store(args.fake, resolvePath(shape.collection, args.params), shape.collection, outcome.body),
        );
      });
    case 'list':
      return route((args) =>
        listAnswer(
          row,
          collection(args.fake.state, resolvePath(shape.collection, args.params)).values(),
          args,
        ),
      );
    case 'other':
      return route((args) => neutralAnswer(row, args));
  }
}

async function itemAction(method: string, template: string, id: string, args: RouteArgs): Promise<Response> {
  const records = collection(args.fake.state, resolvePath(template, args.params));
  const record = records.get(id) as FakeRecord; // missingParent already answered 404 for unknown ids
  switch (method) {
    case 'GET':
      return Response.json(record);
    case 'DELETE':
      records.delete(id);
      return Response.json(record);
    case 'PATCH':
    case 'PUT': {
      const badQuery = method === 'PATCH' ? badUpdateQuery(args, template) : undefined;
      if (badQuery) return badQuery;
      const outcome = await validBody(args, template, method === 'PATCH' ? 'update' : 'create');
      if (!outcome.ok) return outcome.response;
      const { id: _id, orgId, createdAt } = record;
      const base = method === 'PATCH' ? record : { id, orgId, createdAt };
      // A PATCH field sent as null is unset (the record no longer has it).
      const unset = Object.keys(outcome.body).filter((key) => outcome.body[key] === null);
      const kept = Object.fromEntries(Object.entries(base).filter(([key]) => !unset.includes(key)));
      const changed = Object.fromEntries(Object.entries(outcome.body).filter(([, value]) => value !== null));
      const updated: FakeRecord = {
        ...kept,
        ...changed,
        id,
        orgId,
        createdAt,
        updatedAt: args.fake.stamp(),
      };
      records.set(id, updated);
      return Response.json(updated);
    }
    default:
      return errorResponse(405, `Cannot ${method} ${args.url.pathname}`);
  }
}

/** Item routes name their own id last: `/test-suite/{testSuiteId}/test/{id}` → `id`. */
function idName(template: string): string {
  return /\{(\w+)\}$/.exec(template)?.[1] ?? 'id';
}

function listAnswer(row: OperationRow, records: Iterable<FakeRecord>, args: RouteArgs): Response {
  const query = args.url.searchParams;
  const outcome = row.paging === 'pages' ? listPage(records, query) : listV1(records, query);
  return outcome.ok ? Response.json(outcome.value) : errorResponse(400, outcome.messages);
}

async function neutralAnswer(row: OperationRow, args: RouteArgs): Promise<Response> {
  if (row.method === 'GET') {
    if (row.paging === 'pages') return listAnswer(row, [], args);
    // The row's `returns` column: a GET answers one object (`/metrics`) or, by default, a list.
    return Response.json(row.returns === 'object' ? {} : []);
  }
  const parsed = await readBody(args.request);
  if (!parsed.ok) return parsed.response;
  // POSTs whose row returns an array (`/analytics`: AnalyticsQueryResult[]).
  if (row.method === 'POST' && row.returns === 'array') return created([]);
  if (row.method === 'POST') return created(newRecord(args.fake.state, parsed.value, args.fake.stamp));
  return Response.json({});
}
