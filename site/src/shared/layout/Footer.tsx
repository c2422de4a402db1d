import { BRAND, SOCIAL_LINKS } from '../../content/site.ts';
import { BrandLink } from '../brand/Logo.tsx';
import { SocialIcon } from './SocialIcon.tsx';
import './footer.css';

/** The site footer: brand link, tagline, social links and the current year. */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <div className="site-footer__brand">
          <BrandLink />
          <p className="site-footer__tagline">{BRAND.tagline}</p>
        </div>
        <ul className="site-footer__social" aria-label="Social links">
          {SOCIAL_LINKS.map((link) => (
            <li key={link.network}>
              <a className="site-footer__social-link" href={link.href} target="_blank" rel="noopener">
                <SocialIcon network={link.network} />
                <span className="visually-hidden">{link.label} (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
        <p className="site-footer__copyright">
          {/* The build year is prerendered; the browser may be in a newer one. */}
          &copy; <span suppressHydrationWarning>{new Date().getFullYear()}</span> {BRAND.name}. All rights
          reserved.
        </p>
      </div>
    </footer>
  );
}
