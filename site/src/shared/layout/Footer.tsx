import { Link } from 'react-router';
import { BRAND } from '../../content/site.ts';
import { BrandLink } from '../brand/Logo.tsx';
import { siteSettings, SOCIAL_NETWORK_NAMES } from '../../../common/site-settings.ts';
import { SocialIcon } from './SocialIcon.tsx';
import './footer.css';

/** The site footer: brand, the owner's company details, legal pages, social links and the year. */
export function Footer() {
  const { company, socialLinks } = siteSettings();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <div className="site-footer__brand">
          <BrandLink />
          <p className="site-footer__tagline">{BRAND.tagline}</p>
        </div>
        {socialLinks.length > 0 && (
          <ul className="site-footer__social" aria-label="Social links">
            {socialLinks.map((link) => (
              <li key={link.network}>
                <a className="site-footer__social-link" href={link.href} target="_blank" rel="noopener">
                  <SocialIcon network={link.network} />
                  <span className="visually-hidden">
                    {company.name} on {SOCIAL_NETWORK_NAMES[link.network]} (opens in a new tab)
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
        <address className="site-footer__company">
          <span>{company.name}</span>
          {company.abn && <span>ABN {company.abn}</span>}
          {company.address && <span>{company.address}</span>}
          {company.email && <a href={`mailto:${company.email}`}>{company.email}</a>}
          {company.phone && <a href={`tel:${company.phone.replace(/[^\d+]/g, '')}`}>{company.phone}</a>}
        </address>
        <nav className="site-footer__legal" aria-label="Legal">
          <Link to="/privacy">Privacy policy</Link>
          <Link to="/terms">Terms of use</Link>
        </nav>
        <p className="site-footer__copyright">
          {/* The build year is prerendered; the browser may be in a newer one. */}
          &copy; <span suppressHydrationWarning>{new Date().getFullYear()}</span> {company.name}. All rights
          reserved.
        </p>
      </div>
    </footer>
  );
}
