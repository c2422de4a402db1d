import type { Banner } from './clients/client-messages.ts';

/** Green for success, red for failure (spec §8). */
export function StatusBanner({ banner }: { banner: Banner | undefined }) {
  if (!banner) return null;
  return (
    <div
      className={`admin-banner admin-banner-${banner.kind}`}
      role={banner.kind === 'error' ? 'alert' : 'status'}
    >
      <strong>{banner.text}</strong>
      {banner.detail && <span className="admin-banner-detail">{banner.detail}</span>}
    </div>
  );
}
