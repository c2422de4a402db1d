import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

/** Renders `ui` at `path` inside a memory router (components here use Link/NavLink/useLocation). */
export function renderAt(path: string, ui: ReactNode, otherPaths: string[] = []) {
  const router = createMemoryRouter(
    [
      { path, element: ui },
      ...otherPaths.map((other) => ({ path: other, element: <p>{`page ${other}`}</p> })),
    ],
    { initialEntries: [path] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}

type Matcher = (query: string) => boolean;

/** A controllable window.matchMedia: `set()` changes answers and notifies listeners. */
export function installMatchMedia(initial: Matcher) {
  let matcher = initial;
  const lists = new Map<string, { listeners: Set<() => void> }>();
  window.matchMedia = (query: string) => {
    const entry = lists.get(query) ?? { listeners: new Set<() => void>() };
    lists.set(query, entry);
    return {
      media: query,
      get matches() {
        return matcher(query);
      },
      onchange: null,
      addEventListener: (_type: string, listener: () => void) => entry.listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => entry.listeners.delete(listener),
      addListener: (listener: () => void) => entry.listeners.add(listener),
      removeListener: (listener: () => void) => entry.listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  };
  return {
    set(next: Matcher) {
      matcher = next;
      for (const { listeners } of lists.values()) for (const listener of listeners) listener();
    },
  };
}

/** Places the element with `id` so its top is `top` px from the viewport top. */
export function placeSection(id: string, top: number) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`no #${id}`);
  element.getBoundingClientRect = () => ({
    top,
    bottom: top + 500,
    left: 0,
    right: 0,
    width: 0,
    height: 500,
    x: 0,
    y: top,
    toJSON: () => ({}),
  });
}
