import type { MiddlewareHandler } from 'hono';

export type LogLine = Record<string, string | number | boolean | undefined>;
export type Logger = (line: LogLine) => void;

/** One JSON line per record on stdout. */
export const jsonLogger: Logger = (line) => {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...line })}\n`);
};

/**
 * One structured line per request: method, path (no query string: it may carry secrets),
 * status and duration. Bodies, cookies and headers are never logged.
 */
export function requestLog(
  log: Logger,
  clientIp: (c: Parameters<MiddlewareHandler>[0]) => string,
): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      log({
        level: c.res.status >= 500 ? 'error' : 'info',
        msg: 'request',
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        ip: clientIp(c),
      });
    }
  };
}
