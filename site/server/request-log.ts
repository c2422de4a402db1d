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
      const budget = status >= 400 && status < 500 ? refused.take() : undefined;
      if (budget?.write !== false) {
        if (budget?.skipped) {
          log({ level: 'warn', msg: 'refused requests not logged (too many)', count: budget.skipped });
        }
        log({
          level: status >= 500 ? 'error' : 'info',
          msg: 'request',
          method: c.req.method,
          path: c.req.path,
          status,
          durationMs: Math.round((performance.now() - started) * 10) / 10,
          ip: clientIp(c),
        });
      }
    }
  };
}
