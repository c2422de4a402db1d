/** Types shared by the fake's routes; the routes know nothing about msw, Hono or node:http. */
import type { LiveCalls } from './live-calls.ts';
import type { StreamFaults } from './streams.ts';
import type { FakeVapiState } from './state.ts';

export interface FakeContext {
  state: FakeVapiState;
  /** The next strictly increasing ISO timestamp. */
  stamp: () => string;
  /** Created calls' lifecycles and control. */
  calls: LiveCalls;
  /** Faults queued for the next streamed chat answers. */
  streams: StreamFaults;
}

export interface RouteArgs {
  request: Request;
  url: URL;
  /** Path parameters, decoded, by their names in the template (`id`, `testSuiteId`, …). */
  params: Record<string, string>;
  /** The origin (plus base path) the client used, for URLs the fake hands out. */
  publicBase: string;
  fake: FakeContext;
}

export type RouteHandler = (args: RouteArgs) => Response | Promise<Response>;

export interface RouteDef {
  method: string;
  /** Path template in the operation table's style: `/call/{id}/pcap`. */
  path: string;
  /** Whether the route needs the bearer token (presigned downloads and the webhook do not). */
  auth: boolean;
  handler: RouteHandler;
}

/** Fill a path template with concrete (decoded) parameter values. */
export function resolvePath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}
