import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useCases } from '../../content/home.ts';
import { sampleCallTitles } from '../../content/sample-calls/copy.ts';
import { SampleCallPlayer } from '../../shared/sample-call/SampleCallPlayer.tsx';
import { Section } from '../../shared/ui/Section.tsx';
import './use-cases.css';

const tabId = (key: string) => `use-case-tab-${key}`;
const panelId = (key: string) => `use-case-panel-${key}`;

/** Which tab a key press moves to (WAI-ARIA tabs: arrows wrap, Home/End jump), or null. */
export function nextTabIndex(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * Industry use cases as WAI-ARIA tabs with automatic activation and a roving tabindex.
 * Every panel is in the HTML (inactive ones `hidden`), so the copy is there without JavaScript.
 */
export function UseCaseTabs() {
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const panels = useRef<HTMLDivElement>(null);
  const items = useCases.items;

  const select = (index: number) => {
    // A call keeps no voice running in a panel that is no longer shown.
    if (index !== selected) panels.current?.querySelectorAll('audio').forEach((audio) => audio.pause());
    setSelected(index);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = nextTabIndex(event.key, selected, items.length);
    if (next === null) return;
    event.preventDefault();
    select(next);
    tabs.current[next]?.focus();
  };

  return (
    <Section id="use-cases" title={useCases.title} intro={useCases.intro}>
      <div className="use-cases" ref={panels}>
        <div className="use-cases__tabs" role="tablist" aria-label="Industries">
          {items.map((item, index) => (
            <button
              key={item.key}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={tabId(item.key)}
              aria-selected={index === selected}
              aria-controls={panelId(item.key)}
              tabIndex={index === selected ? 0 : -1}
              className="use-cases__tab"
              onClick={() => select(index)}
              onKeyDown={onKeyDown}
            >
              {item.label}
            </button>
          ))}
        </div>
        {items.map((item, index) => (
          <div
            key={item.key}
            role="tabpanel"
            id={panelId(item.key)}
            aria-labelledby={tabId(item.key)}
            hidden={index !== selected}
            tabIndex={0}
            className="use-cases__panel"
          >
            <img
              className="use-cases__image"
              src={item.image.src}
              alt={item.image.alt}
              width={item.image.width}
              height={item.image.height}
              loading="lazy"
              decoding="async"
            />
            <div className="use-cases__copy">
              <h3 className="use-cases__summary">{item.summary}</h3>
              <p className="use-cases__description">{item.description}</p>
              <Link className="use-cases__link" to={item.link}>
                {useCases.learnMore} <span className="visually-hidden">about {item.label}</span>
              </Link>
              <SampleCallPlayer industry={item.key} title={sampleCallTitles[item.key]} />
            </div>
          </div>
        ))}
      </div>
    </Section>
  );
}
