import type { PainIcon as PainIconName } from '../../content/industries/types.ts';

const PATHS: Record<PainIconName, string> = {
  overwhelmed: 'M12 3a4 4 0 1 1 0 8 4 4 0 0 1 0-8Zm-7 18a7 7 0 0 1 14 0M19 4l2-2M21 8h2M5 4 3 2M3 8H1',
  'after-hours': 'M21 13A9 9 0 1 1 11 3a7 7 0 0 0 10 10Z',
  'no-show': 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M9 13l6 5M15 13l-6 5',
  burnout: 'M12 2c1 4 5 6 5 11a5 5 0 0 1-10 0c0-3 2-4 2-7 2 1 3 3 3 5',
  frustration: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18ZM8 16c2-2 6-2 8 0M9 9h.01M15 9h.01',
  missed:
    'M5 4h4l2 5-3 2a11 11 0 0 0 5 5l2-3 5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2ZM15 3l6 6M21 3l-6 6',
  money: 'M12 2v20M17 6H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6',
  clock: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18ZM12 7v5l3 3',
};

/** A line icon for a pain card; decorative (the card title says the same). */
export function PainIcon({ icon }: { icon: PainIconName }) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[icon]} />
    </svg>
  );
}
