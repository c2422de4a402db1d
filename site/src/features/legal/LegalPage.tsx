import { useEffect } from 'react';
import { Link } from 'react-router';
import {
  legalPath,
  privacyContent,
  termsContent,
  type LegalDoc,
  type LegalLang,
} from '../../content/legal.ts';
import { Footer } from '../../shared/layout/Footer.tsx';
import { Header } from '../../shared/layout/Header.tsx';
import { siteSettings } from '../../../common/site-settings.ts';
import './legal.css';

/** The privacy policy or the terms, in one language, filled from the owner's settings. */
export function LegalPage({ doc, lang }: { doc: LegalDoc; lang: LegalLang }) {
  const content = (doc === 'privacy' ? privacyContent : termsContent)(siteSettings(), lang);
  const other = content.otherLanguage;

  // The prerendered page already says its language; a client-side visit sets it here.
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.lang;
    root.lang = lang;
    return () => {
      root.lang = previous;
    };
  }, [lang]);

  return (
    <>
      <Header />
      <main id="main" className="legal container" lang={lang}>
        <article className="legal__article" aria-labelledby="legal-title">
          <p className="legal__other-language">
            <Link to={legalPath(doc, other.lang)} hrefLang={other.lang} lang={other.lang}>
              {other.label}
            </Link>
          </p>
          <h1 id="legal-title">{content.title}</h1>
          <p className="legal__updated">{content.updated}</p>
          <p>{content.intro}</p>
          {content.sections.map((section) => (
            <section key={section.heading}>
              <h2>{section.heading}</h2>
              {section.paragraphs?.map((text) => (
                <p key={text}>{text}</p>
              ))}
              {section.items && (
                <ul>
                  {section.items.map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
          {doc === 'terms' && (
            <p>
              <Link to={legalPath('privacy', lang)}>
                {lang === 'en' ? 'Privacy policy' : 'Politika e privatësisë'}
              </Link>
            </p>
          )}
        </article>
      </main>
      <Footer />
    </>
  );
}
