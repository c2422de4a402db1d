import type { PublishedSampleInfo, PublishedSampleStore } from '@voxdesk/auth';
import type { PublishedSampleRef, SiteSettings } from '../common/site-settings.ts';
import type { Logger } from './request-log.ts';
import type { SitePages } from './site-pages.ts';

/** How long an instance serves its pages before it asks the store whether a sample changed. */
export const PUBLISHED_CHECK_MS = 10_000;

/** The pages served now: the owner's settings with the published samples in them, and their render. */
export interface ServedSite {
  settings: SiteSettings;
  pages?: SitePages;
}

export interface LivePages {
  /** The site as it is now (asks the store at most every `PUBLISHED_CHECK_MS`). */
  current(): Promise<ServedSite>;
  /** Asks the store now and renders again when the published samples changed. */
  refresh(): Promise<void>;
}

const refsOf = (samples: PublishedSampleInfo[]): SiteSettings['publishedSamples'] =>
  Object.fromEntries(
    samples.map((s) => [
      s.industry,
      { version: s.publishedAt.toString(36), contentType: s.contentType } satisfies PublishedSampleRef,
    ]),
  );

/**
 * The public pages with the real calls published in them. The pages are rendered at start and
 * again only when the published samples change: at once on this instance (the admin route calls
 * `refresh`), within `PUBLISHED_CHECK_MS` on the others. While the store cannot be read, the
 * pages as last rendered are served.
 */
export function livePages(options: {
  settings: SiteSettings;
  samples: PublishedSampleStore;
  /** Renders every page with these settings (site-pages.ts); without it the built files are served. */
  render?: (settings: SiteSettings) => Promise<SitePages>;
  now?: () => number;
  log?: Logger;
}): LivePages {
  const now = options.now ?? Date.now;
  let served: ServedSite & { key: string } = { settings: options.settings, key: '{}' };
  let checkedAt = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | undefined;

  const check = async () => {
    const published = refsOf(await options.samples.listPublishedSamples());
    const key = JSON.stringify(published);
    if (key === served.key && (served.pages || !options.render)) return;
    const settings: SiteSettings = {
      ...options.settings,
      ...(key === '{}' ? {} : { publishedSamples: published }),
    };
    const pages = options.render ? await options.render(settings) : undefined;
    served = { settings, key, ...(pages ? { pages } : {}) };
  };
  // One check at a time; callers during one share it.
  const refresh = () => {
    running ??= check()
      .then(() => {
        checkedAt = now();
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  return {
    refresh,
    async current() {
      if (now() - checkedAt >= PUBLISHED_CHECK_MS) {
        await refresh().catch((error: unknown) => {
          // Try again at the next interval, not on every request of an outage.
          checkedAt = now();
          options.log?.({ level: 'warn', msg: `could not read the published samples: ${String(error)}` });
        });
      }
      return served;
    },
  };
}
