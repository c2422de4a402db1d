/** The hero illustration: a phone call being turned into a booking. Decorative, drawn inline so it needs no request. */
export function HeroArt() {
  return (
    <svg
      className="hero__art"
      viewBox="0 0 420 360"
      width="420"
      height="360"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id="hero-glow" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#38bdf8" stopOpacity="0.35" />
          <stop offset="1" stopColor="#6366f1" stopOpacity="0.15" />
        </linearGradient>
      </defs>
      <circle cx="210" cy="180" r="170" fill="url(#hero-glow)" />
      <rect x="120" y="40" width="180" height="280" rx="28" fill="#111a2e" stroke="#24314f" strokeWidth="4" />
      <circle cx="210" cy="130" r="42" fill="#38bdf8" />
      <path
        d="M190 130h4M199 116v28M208 108v44M217 118v24M226 112v36"
        stroke="#06121f"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <rect x="150" y="200" width="120" height="14" rx="7" fill="#24314f" />
      <rect x="165" y="226" width="90" height="10" rx="5" fill="#24314f" />
      <rect x="150" y="258" width="120" height="36" rx="18" fill="#4ade80" />
      <path
        d="M196 276l10 9 18-18"
        stroke="#06121f"
        strokeWidth="5"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="290" y="70" width="112" height="56" rx="14" fill="#16213a" stroke="#38bdf8" strokeWidth="2" />
      <rect x="304" y="86" width="70" height="8" rx="4" fill="#38bdf8" />
      <rect x="304" y="102" width="48" height="8" rx="4" fill="#a7b4cf" />
      <rect x="18" y="220" width="112" height="56" rx="14" fill="#16213a" stroke="#4ade80" strokeWidth="2" />
      <rect x="32" y="236" width="70" height="8" rx="4" fill="#4ade80" />
      <rect x="32" y="252" width="54" height="8" rx="4" fill="#a7b4cf" />
    </svg>
  );
}
