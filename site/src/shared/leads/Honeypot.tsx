/**
 * A field people never see or reach (off-screen, hidden from assistive technology, out of
 * the tab order, no autofill); bots that fill every input give themselves away.
 */
export function Honeypot({ value, onChange }: { value?: string; onChange?: (value: string) => void }) {
  return (
    <div className="lead-honeypot" aria-hidden="true">
      <label>
        Website
        <input
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          {...(onChange ? { value: value ?? '', onChange: (event) => onChange(event.target.value) } : {})}
        />
      </label>
    </div>
  );
}
