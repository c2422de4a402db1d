import { Link } from 'react-router';
import './privacy-note.css';

const COPY = {
  en: { text: 'We use these details only to answer you.', link: 'Privacy policy', path: '/privacy' },
  sq: {
    text: "Këto të dhëna i përdorim vetëm për t'ju përgjigjur.",
    link: 'Politika e privatësisë',
    path: '/privacy/sq',
  },
} as const;

/** The line beside every form that asks for personal details, linking the privacy policy. */
export function PrivacyNote({ lang = 'en' }: { lang?: 'en' | 'sq' }) {
  const copy = COPY[lang];
  return (
    <p className="privacy-note">
      {copy.text} <Link to={copy.path}>{copy.link}</Link>
    </p>
  );
}
