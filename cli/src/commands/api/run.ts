import type { PagingKind, QueryParams, Vapi } from '@voxdesk/sdk';
import { CliError } from '../../errors.ts';
import { printShaped } from '../../output/print.ts';
import { shapingOf } from '../../output/shape.ts';
import { withSpinner } from '../../output/spinner.ts';
import { startingWith } from '../first-page.ts';
import type { Deps } from '../shared.ts';
import { buildApiRequest, sdkRequest, type ApiRequest } from './build.ts';
import type { ApiOpts } from './index.ts';
import { formatBody, formatHead, writeResponse } from './output.ts';

export async function run(flags: ApiOpts, deps: Deps): Promise<void> {
  const { methodOrPath: first, path: second } = flags;
  // gh api's --jq and --template; the JSON itself is what `api` prints anyway.
  const shaping = shapingOf({ jq: flags.jq, template: flags.template });
  const request = await buildApiRequest(deps.io, { first, second }, flags);
  const { operations } = await import('@voxdesk/sdk');
  const known = matchOperation(operations, request);
  // Some operations (e.g. POST /credential/webhook) need no token; unknown paths may not either.
  const { vapi } = await deps.client({ requireToken: known?.auth !== 'none' });
  if (!known) {
    const { suggestOperation } = await import('./suggest.ts');
    const near = suggestOperation(operations, request.method, request.path);
    const hint = near ? ` (did you mean ${near.method} ${near.path}?)` : '';
    deps.io.stderr.write(
      `note: ${request.method} ${request.path} is not a known Vapi operation${hint}; sending it anyway\n`,
    );
  } else if (known.deprecated)
    deps.io.stderr.write(`note: ${known.id} (${request.method} ${known.path}) is deprecated\n`);
  const label = `${request.method} ${request.path}`;
  if (flags.paginate) {
    const all = await withSpinner(deps.io, label, () => followPages(vapi, request, known?.paging));
    if (shaping.kind !== 'table') return printShaped(deps, all, shaping, async () => '');
    deps.io.stdout.write(formatBody(all));
    return;
  }
  let response: Response;
  try {
    response = await withSpinner(deps.io, label, () => vapi.requestResponse(sdkRequest(request)));
  } catch (error) {
    // As gh api: what the server said goes to stdout even when it said no (a script can read
    // the error body), with the status line and headers under -i; the one-line error follows
    // on stderr and the exit code is still 1.
    const { VapiError } = await import('@voxdesk/sdk');
    if (error instanceof VapiError && error.response) {
      deps.io.stdout.write((flags.include ? formatHead(error.response) : '') + formatBody(error.body));
    }
    throw error;
  }
  if (shaping.kind === 'table') return writeResponse(deps.io, response, Boolean(flags.include));
  if (flags.include) deps.io.stdout.write(formatHead(response));
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    throw new CliError(
      `unexpected response from ${label}: --jq and --template need JSON, got ${response.headers.get('content-type') ?? 'no content type'}`,
    );
  }
  await printShaped(deps, body, shaping, async () => '');
}

interface KnownOperation {
  id: string;
  method: string;
  path: string;
  auth: 'bearer' | 'none';
  deprecated: boolean;
  paging: string;
}

const isPage = (value: unknown) =>
  typeof value === 'object' && value !== null && Array.isArray(Reflect.get(value, 'results'));

/**
 * `--paginate`: every page through the SDK's one pager, as one array. The row's paging
 * kind says how to page; a path without one pages in the style of its first answer (an
 * array: the createdAt cursor; `{results, metadata}`: page numbers), which the pager then
 * gets instead of asking again. Any other answer is printed as it came.
 */
async function followPages(vapi: Vapi, request: ApiRequest, paging: string | undefined): Promise<unknown> {
  const { paginate } = await import('@voxdesk/sdk');
  const base = sdkRequest(request);
  let kind: PagingKind | undefined = paging === 'v1' || paging === 'pages' ? paging : undefined;
  let first: unknown;
  if (!kind) {
    first = await vapi.request(base);
    kind = Array.isArray(first) ? 'v1' : isPage(first) ? 'pages' : undefined;
    if (!kind) return first;
  }
  const fetchPage = startingWith(first, (query: QueryParams) => vapi.request({ ...base, query }));
  const rows: unknown[] = [];
  for await (const row of paginate(kind, fetchPage, base.query ?? {})) rows.push(row);
  return rows;
}

/** Finds the operation whose path template (`/assistant/{id}`) matches this request. */
export function matchOperation<T extends KnownOperation>(
  operations: readonly T[],
  request: Pick<ApiRequest, 'method' | 'path'>,
): T | undefined {
  const segments = request.path.split('/').filter(Boolean);
  const matches = operations.filter((operation) => {
    if (operation.method !== request.method) return false;
    const template = operation.path.split('/').filter(Boolean);
    return (
      template.length === segments.length &&
      template.every((part, index) => part.startsWith('{') || part === segments[index])
    );
  });
  // Literal segments beat placeholders: POST /call/web is calls.createWeb, not a {provider} route.
  return matches.sort((a, b) => placeholderCount(a.path) - placeholderCount(b.path))[0];
}

const placeholderCount = (path: string) => (path.match(/\{/g) ?? []).length;
