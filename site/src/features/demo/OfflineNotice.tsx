import { OFFLINE_ADMIN_HINT, OFFLINE_MESSAGE } from '../../content/demo.ts';
import { BookCallLink } from '../../shared/ui/SchedulingLinks.tsx';

/**
 * The demo without Vapi keys: visitors get a friendly way on (book a call); the server tells
 * Admin sessions, and only them, which settings are missing.
 */
export function OfflineNotice({ missing }: { missing: string[] | undefined }) {
  return (
    <section className="demo-offline" aria-labelledby="demo-offline-title">
      <h2 id="demo-offline-title">{OFFLINE_MESSAGE}</h2>
      <BookCallLink size="lg" />
      {missing && missing.length > 0 && (
        <p className="demo-offline-admin">
          {OFFLINE_ADMIN_HINT}{' '}
          {missing.map((name, index) => (
            <span key={name}>
              {index > 0 && ', '}
              <code>{name}</code>
            </span>
          ))}
          . Set them on the server (see docs/site.md) and restart it.
        </p>
      )}
    </section>
  );
}
