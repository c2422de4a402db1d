import type { ChangeEvent } from 'react';
import { Link } from 'react-router';
import { LANGS, type ChatbotCopy, type Lang } from '../../content/chatbot/index.ts';
import { BRAND } from '../../content/site.ts';
import { LogoMark } from '../../shared/brand/Logo.tsx';
import { Button } from '../../shared/ui/Button.tsx';

/** The dropdown shows the short codes (spec: EN/AL); each option is tagged with its language. */
const LANGUAGE_OPTIONS: Record<Lang, { label: string; tag: string }> = {
  en: { label: 'EN', tag: 'en' },
  al: { label: 'AL', tag: 'sq' },
};

const isLang = (value: string): value is Lang => (LANGS as readonly string[]).includes(value);

interface TopBarProps {
  copy: ChatbotCopy;
  lang: Lang;
  onLangChange: (lang: Lang) => void;
  onBookDemo: () => void;
}

/** The fixed bar: brand, EN/AL dropdown and 'Book Demo'. */
export function TopBar({ copy, lang, onLangChange, onBookDemo }: TopBarProps) {
  const changeLanguage = (event: ChangeEvent<HTMLSelectElement>) => {
    if (isLang(event.target.value)) onLangChange(event.target.value);
  };

  return (
    <header className="chatbot-bar">
      <div className="chatbot-bar__inner container">
        <Link to="/" className="chatbot-bar__brand" aria-label={copy.topBar.homeLink}>
          <LogoMark size={32} />
          <span>{BRAND.name}</span>
        </Link>
        <div className="chatbot-bar__actions">
          <label className="chatbot-bar__language">
            <span className="visually-hidden">{copy.topBar.languageLabel}</span>
            <select value={lang} onChange={changeLanguage}>
              {LANGS.map((code) => (
                <option key={code} value={code} lang={LANGUAGE_OPTIONS[code].tag}>
                  {LANGUAGE_OPTIONS[code].label}
                </option>
              ))}
            </select>
          </label>
          <Button onClick={onBookDemo}>{copy.hero.bookDemo}</Button>
        </div>
      </div>
    </header>
  );
}
