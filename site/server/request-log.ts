import type { MiddlewareHandler } from 'hono';

export type LogLine = Record<string, string | number | boolean | undefined>;
export type Logger = (line: LogLine) => void;

/** One JSON line per record on stdout. */
export const jsonLogger: Logger = (line) => {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...line })}\n`);
};

/** Lines for refused requests (4xx) written per second at most; the rest are counted. */
export const REFUSED_LINES_PER_SECOND = 20;

/**
 * Lets through at most `perSecond` lines a second and counts the rest, so a flood of refused
 * requests cannot grow the log without bound. `take()` answers whether to write a line and how
 * many were left out since the last one written.
 */
export function logBudget(perSecond: number, now: () => number = Date.now) {
  let second = -1;
  let written = 0;
  let skipped = 0;
  return {
    take(): { write: false } | { write: true; skipped: number } {
      const current = Math.floor(now() / 1000);
      if (current !== second) {
        second = current;
        written = 0;
      }
      if (written >= perSecond) {
        skipped++;
        return { write: false };
      }
      written++;
      const left = skipped;
      skipped = 0;
      return { write: true, skipped: left };
    },
  };
}

/**
 * Whether the client hung up before its answer was written (mid-body, or while waiting): the
 * Node adapter aborts the request's signal when the connection closes early.
 */
export function clientAborted(c: { req: { raw: Request } }): boolean {
  return c.req.raw.signal.aborted;
}

/**
 * One structured line per request: method, path (no query string: it may carry secrets),
 * status and duration. Bodies, cookies and headers are never logged. Refused requests (4xx)
 * are logged at most `REFUSED_LINES_PER_SECOND` a second; the count of those left out is
 * logged with the next one.
 */
export function requestLog(
  log: Logger,
  clientIp: (c: Parameters<MiddlewareHandler>[0]) => string,
  refused = logBudget(REFUSED_LINES_PER_SECOND),
): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const status = c.res.status;
      // An abort is the client's doing, like a refusal: logged as such, within the same budget.
      const aborted = clientAborted(c);
      const budget = aborted || (status >= 400 && status < 500) ? refused.take() : undefined;
      if (budget?.write !== false) {
        if (budget?.skipped) {
          log({ level: 'warn', msg: 'refused requests not logged (too many)', count: budget.skipped });
        }
        log({
          level: !aborted && status >= 500 ? 'error' : 'info',
          msg: aborted ? 'client aborted' : 'request',
          method: c.req.method,
          path: c.req.path,
          ...(aborted ? {} : { status }),
          durationMs: Math.round((performance.now() - started) * 10) / 10,
          ip: clientIp(c),
        });
      }
    }
  };
}
