import { PREVIEW_ADMIN_HINT, PREVIEW_MESSAGE, PREVIEW_TITLE } from '../../content/demo.ts';
import { BookCallLink } from '../../shared/ui/SchedulingLinks.tsx';

/**
 * The demo without Vapi keys: says plainly that Start plays a sample call, offers a way on
 * (book a call), and tells Admin sessions, and only them, which settings make it live.
 */
export function PreviewNotice({ missing }: { missing: string[] | undefined }) {
  return (
    <section className="demo-preview" aria-labelledby="demo-preview-title">
      <h2 id="demo-preview-title">{PREVIEW_TITLE}</h2>
      <p>{PREVIEW_MESSAGE}</p>
      <BookCallLink variant="secondary" />
      {missing && missing.length > 0 && (
        <p className="demo-preview-admin">
          {PREVIEW_ADMIN_HINT}{' '}
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
