import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { CTA_LABELS, NAV_SECTIONS } from '../../content/site.ts';
import { BrandLink } from '../brand/Logo.tsx';
import { useActiveSection } from '../hooks/useActiveSection.ts';
import { useScrolled } from '../hooks/useScrolled.ts';
import { scrollToSection } from '../scroll/scroll-to-section.ts';
import { LinkButton } from '../ui/Button.tsx';
import { BookCallLink } from '../ui/SchedulingLinks.tsx';
import './header.css';

const SECTION_IDS = NAV_SECTIONS.map((section) => section.id);

/**
 * The fixed 80 px site header. Anchor items point at home-page sections: on `/` they
 * smooth-scroll (80 px offset) and lock scroll tracking for 800 ms; elsewhere they navigate
 * to `/#id`. Desktop nav above 1200 px, a hamburger menu at or below (CSS breakpoint).
 */
export function Header() {
  const { pathname } = useLocation();
  const onHome = pathname === '/';
  const scrolled = useScrolled(20);
  const { active, select } = useActiveSection(SECTION_IDS, { threshold: 120, lockMs: 800 });
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const menuId = useId();

  // Any navigation closes the menu.
  useEffect(() => setMenuOpen(false), [pathname]);

  // An open menu closes on Escape (focus back on the toggle) and on a click outside the header.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !headerRef.current?.contains(event.target)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuOpen]);

  const onNavClick = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    setMenuOpen(false);
    if (!onHome || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    if (!scrollToSection(id)) return;
    event.preventDefault();
    select(id);
    window.history.replaceState(window.history.state, '', `#${id}`);
  };

  const navItems = (
    <ul className="site-nav__list">
      {NAV_SECTIONS.map(({ id, label }) => {
        const isActive = onHome && active === id;
        return (
          <li key={id}>
            <Link
              to={`/#${id}`}
              className={isActive ? 'site-nav__link site-nav__link--active' : 'site-nav__link'}
              aria-current={isActive ? 'location' : undefined}
              onClick={(event) => onNavClick(event, id)}
            >
              {label}
            </Link>
          </li>
        );
      })}
    </ul>
  );

  const actions = (
    <div className="site-header__actions">
      <LinkButton to="/demo" variant="secondary">
        {CTA_LABELS.tryDemo}
      </LinkButton>
      <BookCallLink>{CTA_LABELS.bookCall}</BookCallLink>
    </div>
  );

  return (
    <header ref={headerRef} className={scrolled ? 'site-header site-header--scrolled' : 'site-header'}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="site-header__bar container">
        <BrandLink />
        <nav className="site-nav site-nav--desktop" aria-label="Main">
          {navItems}
        </nav>
        <div className="site-header__desktop-actions">{actions}</div>
        <button
          ref={toggleRef}
          type="button"
          className="site-header__toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label="Menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="site-header__toggle-bar" aria-hidden="true" />
          <span className="site-header__toggle-bar" aria-hidden="true" />
          <span className="site-header__toggle-bar" aria-hidden="true" />
        </button>
      </div>
      <div id={menuId} className="site-header__panel" hidden={!menuOpen}>
        <nav className="site-nav site-nav--mobile" aria-label="Menu">
          {navItems}
        </nav>
        {actions}
      </div>
    </header>
  );
}
