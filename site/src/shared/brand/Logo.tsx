import { Link } from 'react-router';
import { BRAND } from '../../content/site.ts';
import './logo.css';

/** The brand mark: a rounded tile with a sound wave. Decorative; the name carries the meaning. */
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg
      className="logo__mark"
      width={size}
      height={size}
      viewBox="0 0 40 40"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="40" height="40" rx="11" fill="#38bdf8" />
      <path
        d="M9 20h2M14 14v12M19 10v20M24 15v10M29 12v16"
        stroke="#06121f"
        strokeWidth="3"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}

/** Mark plus name. */
export function Logo() {
  return (
    <span className="logo">
      <LogoMark />
      <span className="logo__name">{BRAND.name}</span>
    </span>
  );
}

/** The brand link home, used in headers and footers. */
export function BrandLink({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={['logo-link', className ?? ''].filter(Boolean).join(' ')}
      aria-label={`${BRAND.name} home`}
    >
      <Logo />
    </Link>
  );
}
