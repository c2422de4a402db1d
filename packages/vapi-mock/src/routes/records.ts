/** Shared steps of the resource routes: existence checks, validation, storing. */
import { readBody } from '../body.ts';
import type { FakeContext, RouteArgs } from '../context.ts';
import { resolvePath } from '../context.ts';
import { errorResponse, notFound } from '../errors.ts';
import { resources } from '../resources.ts';
import type { FakeRecord } from '../state.ts';
import { collection, newRecord } from '../state.ts';
import { labelOf } from '../table.ts';
import type { TableIndex } from '../table.ts';
import type { Rules, ValidateOptions } from '../validate.ts';
import { validate } from '../validate.ts';

/** The first path parameter that names no existing record, as Vapi's 404. */
export function missingParent(index: TableIndex, template: string, args: RouteArgs): Response | undefined {
  for (const [parent, name] of index.parents(template)) {
    const id = args.params[name] ?? '';
    if (!collection(args.fake.state, resolvePath(parent, args.params)).has(id))
      return notFound(labelOf(parent));
  }
  return undefined;
}

export type BodyOutcome = { ok: true; body: Record<string, unknown> } | { ok: false; response: Response };

/** Parse a body and check it against rules (if any), answering Vapi's 400 on failure. */
export async function checkedBody(
  args: RouteArgs,
  rules: Rules | undefined,
  options: ValidateOptions,
): Promise<BodyOutcome> {
  const parsed = await readBody(args.request);
  if (!parsed.ok) return parsed;
  const messages = rules ? validate(parsed.value, rules, options) : [];
  if (messages.length) return { ok: false, response: errorResponse(400, messages) };
  return { ok: true, body: parsed.value };
}

/** Parse and validate a body against a collection's rules (if it has any). */
export function validBody(
  args: RouteArgs,
  collectionTemplate: string,
  mode: 'create' | 'update',
): Promise<BodyOutcome> {
  const spec = resources[collectionTemplate];
  const rules = mode === 'update' ? (spec?.update ?? spec?.create) : spec?.create;
  return checkedBody(args, rules, { whitelist: spec?.whitelist, partial: mode === 'update' });
}

/** The query of a PATCH against the resource's rules (Vapi's 400 when one is missing). */
export function badUpdateQuery(args: RouteArgs, collectionTemplate: string): Response | undefined {
  const rules = resources[collectionTemplate]?.updateQuery;
  if (!rules) return undefined;
  const messages = validate(Object.fromEntries(args.url.searchParams), rules);
  return messages.length ? errorResponse(400, messages) : undefined;
}

/** Store a new record in a concrete collection, with the resource's server-side defaults. */
export function store(
  fake: FakeContext,
  collectionPath: string,
  collectionTemplate: string,
  body: Record<string, unknown>,
): FakeRecord {
  const defaults = resources[collectionTemplate]?.defaults?.(body) ?? {};
  const record = newRecord(fake.state, withoutUndefined({ ...body, ...defaults }), fake.stamp);
  collection(fake.state, collectionPath).set(record.id, record);
  return record;
}

function withoutUndefined(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

export function created(record: unknown): Response {
  return Response.json(record, { status: 201 });
}
