import { useState } from 'react';
import { integrations } from '../../content/home.ts';
import { INTEGRATION_ICON_SLUGS, INTEGRATION_SPRITE_PATH } from '../../content/integration-icons.ts';
import { Section } from '../../shared/ui/Section.tsx';
import './marquee.css';

/** Two letters for the logo tile: initials of a multi-word name, or the first two letters. */
function monogram(name: string): string {
  const words = name.split(/\s+/);
  return (words.length > 1 ? words.map((word) => word[0]).join('') : name.slice(0, 2)).slice(0, 2);
}

/** The brand mark from the sprite, or a monogram tile for a brand Simple Icons does not carry. */
function Logo({ name }: { name: string }) {
  const slug = INTEGRATION_ICON_SLUGS[name];
  if (!slug) {
    return (
      <span className="marquee__logo marquee__logo--monogram" aria-hidden="true">
        {monogram(name)}
      </span>
    );
  }
  return (
    <span className="marquee__logo" aria-hidden="true">
      <svg className="marquee__mark" viewBox="0 0 24 24" focusable="false">
        <use href={`${INTEGRATION_SPRITE_PATH}#${slug}`} />
      </svg>
    </span>
  );
}

function Slots({ hidden }: { hidden?: boolean }) {
  return (
    <ul className="marquee__list" aria-hidden={hidden || undefined}>
      {integrations.names.map((name) => (
        <li key={name} className="marquee__slot">
          <Logo name={name} />
          <span className="marquee__name">{name}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The 14 integrations scrolling in a 32 s linear loop, 266 px per slot (spec §9). The list is
 * drawn twice so the loop is seamless; hover, keyboard focus or the pause button stop it,
 * and under reduced motion it is a static wrapped list.
 */
export function IntegrationsMarquee() {
  const [paused, setPaused] = useState(false);
  return (
    <Section id="integrations" title={integrations.title} intro={integrations.intro} tone="raised">
      <div className={paused ? 'marquee marquee--paused' : 'marquee'}>
        <div className="marquee__track">
          <Slots />
          <Slots hidden />
        </div>
      </div>
      <div className="marquee__controls">
        <button
          type="button"
          className="marquee__toggle"
          aria-pressed={paused}
          onClick={() => setPaused((p) => !p)}
        >
          Pause integrations animation
        </button>
      </div>
    </Section>
  );
}
