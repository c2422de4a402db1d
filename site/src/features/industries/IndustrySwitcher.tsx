import { useRef, type KeyboardEvent } from 'react';
import { NavLink, useLocation } from 'react-router';
import { INDUSTRY_LINKS, SWITCHER_LABEL } from '../../content/industries/switcher.ts';
import './switcher.css';

/**
 * The three industry pills, the current one highlighted. On small screens (CSS) the pills
 * give way to a dropdown — a native <details> disclosure, so it also works without JavaScript.
 */
export function IndustrySwitcher() {
  const { pathname } = useLocation();
  const dropdown = useRef<HTMLDetailsElement>(null);
  const current = INDUSTRY_LINKS.find((link) => link.path === pathname);
  const close = () => dropdown.current?.removeAttribute('open');
  const summary = useRef<HTMLElement>(null);

  // Escape closes the open dropdown and leaves focus on its button (as a menu does).
  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== 'Escape' || !dropdown.current?.open) return;
    event.preventDefault();
    close();
    summary.current?.focus();
  };

  const links = INDUSTRY_LINKS.map((link) => (
    <li key={link.key}>
      <NavLink to={link.path} className="switcher__pill" onClick={close} end>
        {link.label}
      </NavLink>
    </li>
  ));

  return (
    <nav className="switcher" aria-label={SWITCHER_LABEL}>
      <ul className="switcher__pills">{links}</ul>
      <details ref={dropdown} className="switcher__dropdown" onKeyDown={onKeyDown}>
        <summary ref={summary} className="switcher__summary">
          <span className="visually-hidden">{SWITCHER_LABEL}:</span> {current?.label ?? SWITCHER_LABEL}
        </summary>
        <ul className="switcher__menu">{links}</ul>
      </details>
    </nav>
  );
}
