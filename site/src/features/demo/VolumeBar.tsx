/** The assistant's voice level (`volume-level`, 0–1) as the width of a bar. */
export function VolumeBar({ volume }: { volume: number }) {
  const percent = Math.round(volume * 100);
  return (
    <div
      className="volume-bar"
      role="meter"
      aria-label="Assistant volume"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className="volume-bar-fill" data-testid="volume-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
