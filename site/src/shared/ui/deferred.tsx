import { Suspense, use, useState, type ComponentType } from 'react';

/**
 * Parts of a prerendered page whose code need not come up front (below the fold). Name the
 * module `*.deferred.tsx`: the prerender then inlines its CSS (scripts/manifest-assets.ts).
 *
 * - The server loads them before rendering (`loadDeferredParts`), so the HTML is complete.
 * - In the browser the chunk is requested as soon as the page's module runs (before hydration
 *   starts, but not in the page's <script>/modulepreload list: it does not hold up the entry).
 *   While the page hydrates, each part sits in its own Suspense boundary: React keeps the
 *   server's HTML on screen and hydrates the part when its chunk is in. Until then the part
 *   is inert, as the whole page is before hydration: a click on it does nothing.
 * - Rendered after hydration (a client-side navigation), a part has no boundary of its own:
 *   the router's navigation transition keeps the previous page until the chunk is in, so
 *   the page never appears without its sections (anchors such as /#bundles still land).
 */

let hydrating = true;

/** Called once the first render has hydrated (or rendered): later parts load within the navigation. */
export function hydrationDone(): void {
  hydrating = false;
}

const loaders = new Set<() => Promise<void>>();

/** Loads every deferred part created so far; the server awaits this before rendering HTML. */
export async function loadDeferredParts(): Promise<void> {
  await Promise.all([...loaders].map((start) => start()));
}

/** A component whose code `load` fetches on first render (see above). */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const start = () =>
    (loading ??= load().then((component) => {
      Loaded = component;
    }));
  loaders.add(start);
  // A failure shows when the part renders (use() below); nothing is left unhandled here.
  if (!import.meta.env.SSR) start().catch(() => undefined);

  function Part(props: P) {
    // A failed load (a deploy replaced the chunk) throws to the route's error boundary.
    if (!Loaded) use(start());
    const Component = Loaded!;
    return <Component {...props} />;
  }

  return function Deferred(props: P) {
    // Decided once per mount: the tree must match the server's HTML while it hydrates.
    const [ownBoundary] = useState(() => hydrating);
    return ownBoundary ? (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    ) : (
      <Part {...props} />
    );
  };
}
