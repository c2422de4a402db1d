/**
 * The fake's one request handler, `(Request) => Promise<Response>`, shared by the msw
 * handlers and the loopback server. Hono matches routes; everything else is ours.
 */
import { Hono } from 'hono';
import type { FakeContext, RouteDef } from './context.ts';
import { allowAnyOrigin, preflight } from './cors.ts';
import { cannotRoute, errorResponse, INVALID_KEY_MESSAGE } from './errors.ts';
import { misbehavePage, type FaultQueue } from './faults.ts';
import { callRoutes } from './routes/calls.ts';
import { monitorRoutes } from './routes/monitor.ts';
import { downloadRoute } from './routes/downloads.ts';
import { evalRoutes } from './routes/evals.ts';
import { fileRoutes } from './routes/files.ts';
import { genericRoute } from './routes/generic.ts';
import { phoneNumberRoutes } from './routes/phone-numbers.ts';
import { storageRoute } from './storage.ts';
import { STREAM_PATHS, streamedAnswer } from './streams.ts';
import type { OperationRow } from './table.ts';
import { bySpecificity, indexTable } from './table.ts';

export interface CoreOptions {
  operations: readonly OperationRow[];
  /** When set, requests need `Authorization: Bearer <token>` (or a stored token's value). */
  token?: string;
  /** Path prefix of the base URL (`/api` for `https://host/api`), stripped before routing. */
  basePath: string;
  faults: FaultQueue;
  rateLimit?: () => Response | undefined;
  /** Delay before every answer, in ms. */
  latencyMs?: number;
}

export type Handle = (request: Request, publicOrigin?: string) => Promise<Response>;

type Bindings = { publicBase: string };

const MAX_RECORDED_REQUESTS = 10_000;

export function createHandler(fake: FakeContext, options: CoreOptions): Handle {
  const index = indexTable(options.operations);
  const specific = [
    ...callRoutes,
    ...monitorRoutes,
    ...phoneNumberRoutes,
    ...fileRoutes,
    ...evalRoutes,
    storageRoute,
  ];
  const taken = new Set(specific.map(key));
  const tableRoutes = options.operations
    .filter((row) => !taken.has(key(row)))
    .map((row) => (row.download ? downloadRoute(row, index) : streamable(genericRoute(row, index))));

  const app = new Hono<{ Bindings: Bindings }>({
    getPath: (request) => stripBase(new URL(request.url).pathname, options.basePath),
  });
  for (const route of [...specific, ...tableRoutes].sort(bySpecificity)) {
    app.on(route.method, toHonoPath(route.path), async (c) => {
      const request = c.req.raw;
      const denied = route.auth ? checkAuth(request, route, fake, options.token) : undefined;
      if (denied) return denied;
      const url = new URL(request.url);
      return route.handler({ request, url, params: c.req.param(), publicBase: c.env.publicBase, fake });
    });
  }
  app.notFound((c) => cannotRoute(c.req.method, stripBase(new URL(c.req.url).pathname, options.basePath)));
  app.onError((error) => errorResponse(500, `Internal server error: ${error.message}`));

  return async (request, publicOrigin) => {
    const url = new URL(request.url);
    const path = stripBase(url.pathname, options.basePath);
    // A long-running dev server must not grow without bound: keep the newest requests.
    if (fake.state.requests.length >= MAX_RECORDED_REQUESTS) fake.state.requests.shift();
    fake.state.requests.push({
      method: request.method,
      path,
      search: url.search,
      headers: Object.fromEntries(request.headers),
      body: request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text(),
    });
    const preflighted = preflight(request);
    if (preflighted) return preflighted;
    // Calls move on the fake's clock; whatever is due by now shows in this answer.
    fake.calls.advance();
    if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    const fault = await options.faults.apply(request.method, path);
    if (fault.kind === 'network') return Response.error();
    if (fault.kind === 'respond') return finish(fault.response);
    const limited = options.rateLimit?.();
    if (limited) return finish(limited);
    const publicBase = (publicOrigin ?? url.origin) + options.basePath;
    const answer = async (req: Request) => app.fetch(req, { publicBase });
    return finish(
      fault.kind === 'page' ? await misbehavePage(fault.mode, request, answer) : await answer(request),
    );
  };
}

/** A chat route that answers `stream: true` with server-sent events, and anything else as before. */
function streamable(route: RouteDef): RouteDef {
  if (route.method !== 'POST' || !STREAM_PATHS.includes(route.path)) return route;
  return {
    ...route,
    handler: async (args) => {
      let body: unknown;
      try {
        body = await args.request.clone().json();
      } catch {
        return route.handler(args);
      }
      const fields = body as Record<string, unknown> | null;
      if (fields?.stream !== true) return route.handler(args);
      return streamedAnswer(route.path, fields, args.fake.streams.take());
    },
  };
}

/** Vapi sits behind Cloudflare: every answer carries a `cf-ray` id (the SDK's request id). */
function finish(response: Response): Response {
  const ray = crypto.randomUUID().replace(/-/g, '').slice(0, 16);
  response.headers.set('cf-ray', `${ray}-SJC`);
  return allowAnyOrigin(response);
}

function key(route: { method: string; path: string }): string {
  return `${route.method} ${route.path}`;
}

function toHonoPath(template: string): string {
  return template.replace(/\{(\w+)\}/g, ':$1');
}

/**
 * The path routes see: without the base path, and without a trailing slash
 * (Express, under NestJS, matches `/assistant/` as `/assistant`).
 */
function stripBase(pathname: string, basePath: string): string {
  const path = basePath && pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname;
  return path.replace(/(.)\/+$/, '$1') || '/';
}

/**
 * The private key (or a private token created through `POST /token`) opens everything;
 * a public token opens only web calls, as on Vapi.
 */
function checkAuth(request: Request, route: RouteDef, fake: FakeContext, token: string | undefined) {
  if (token === undefined) return undefined;
  const presented = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]?.trim();
  if (presented === token) return undefined;
  const stored = presented
    ? [...fake.state.tokens.values()].find((record) => record.value === presented)
    : undefined;
  if (stored && stored.tag !== 'public') return undefined;
  if (stored && route.method === 'POST' && route.path === '/call/web') return undefined;
  return errorResponse(401, INVALID_KEY_MESSAGE);
}
