/**
 * Vercel Web Analytics and Speed Insights load only when the server runs with `VERCEL_ANALYTICS=1`
 * (its site settings), after the page is interactive; web-vitals are logged in development only.
 */
const BLOCKED_HINT =
  'Voxdesk: analytics could not be loaded. A content blocker (ad or tracker blocker) may be blocking it; the site works without it.';

function warnBlocked(detail?: unknown) {
  console.warn(BLOCKED_HINT, detail ?? '');
}

/** The Vercel scripts are added as <script> tags; a blocker makes them fail to load. */
function watchScriptFailures() {
  window.addEventListener(
    'error',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLScriptElement && /\/_vercel\/(insights|speed-insights)\//.test(target.src)) {
        warnBlocked(target.src);
      }
    },
    true,
  );
}

export async function startAnalytics(enabled: boolean): Promise<void> {
  if (!enabled) return;
  watchScriptFailures();
  try {
    const [{ inject }, { injectSpeedInsights }] = await Promise.all([
      import('@vercel/analytics'),
      import('@vercel/speed-insights'),
    ]);
    inject({ framework: 'react' });
    injectSpeedInsights({ framework: 'react' });
  } catch (error) {
    warnBlocked(error);
  }
}

export async function logWebVitals(): Promise<void> {
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals');
  const log = (metric: { name: string; value: number; rating: string }) =>
    console.info(
      `[web-vitals] ${metric.name} ${metric.value.toFixed(metric.name === 'CLS' ? 3 : 0)} (${metric.rating})`,
    );
  for (const subscribe of [onCLS, onFCP, onINP, onLCP, onTTFB]) subscribe(log);
}
