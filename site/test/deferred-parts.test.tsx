import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Component, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as DeferredModule from '../src/shared/ui/deferred.tsx';

/** The module holds "are we hydrating?" state: each test starts from a fresh copy. */
async function freshModule(): Promise<typeof DeferredModule> {
  vi.resetModules();
  return import('../src/shared/ui/deferred.tsx');
}

/** A loader whose chunk arrives only when the test says so. */
function heldLoader<P>(component: ComponentType<P>) {
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  const load = vi.fn(() => arrived.then(() => component));
  return { load, release };
}

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {name} {count}
    </button>
  );
}

/** Catches what a part throws, as the route's ErrorBoundary does. */
class Catch extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{String(this.state.error)}</p> : this.props.children;
  }
}

function pageWith(Part: ComponentType<{ name: string }>) {
  return function Page() {
    return (
      <main>
        <Counter name="top" />
        <Part name="below" />
      </main>
    );
  };
}

describe('deferred page parts', () => {
  let container: HTMLElement;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
  });
  afterEach(() => container.remove());

  it('the server renders them whole; hydration keeps that HTML and hydrates them when the chunk is in', async () => {
    const server = await freshModule();
    const ServerPage = pageWith(server.deferred(async () => Counter));
    await server.loadDeferredParts();
    const html = renderToString(<ServerPage />);
    // Whole, inside the part's own Suspense boundary (<!--$-->).
    expect(html).toMatch(/<!--\$--><button type="button">below<!-- --> <!-- -->0<\/button><!--\/\$-->/);

    const client = await freshModule();
    const chunk = heldLoader(Counter);
    const ClientPage = pageWith(client.deferred(chunk.load));
    // The chunk is requested when the page's module runs, before hydration starts.
    expect(chunk.load).toHaveBeenCalledTimes(1);
    container.innerHTML = html;
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <ClientPage />, { onRecoverableError: recoverable });
    });

    // The top of the page is live while the part still shows the server's HTML, inert.
    fireEvent.click(screen.getByRole('button', { name: 'top 0' }));
    expect(screen.getByRole('button', { name: 'top 1' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'below 0' }));
    expect(screen.getByRole('button', { name: 'below 0' })).toBeInTheDocument();

    await act(async () => chunk.release());
    fireEvent.click(screen.getByRole('button', { name: 'below 0' }));
    expect(screen.getByRole('button', { name: 'below 1' })).toBeInTheDocument();
    expect(chunk.load).toHaveBeenCalledTimes(1);
    expect(recoverable).not.toHaveBeenCalled(); // no hydration mismatch
  });

  it('after the first render a part has no boundary of its own: the enclosing one (a navigation) waits', async () => {
    const client = await freshModule();
    client.hydrationDone();
    const chunk = heldLoader(Counter);
    const Page = pageWith(client.deferred(chunk.load));
    await act(async () => {
      render(
        <Suspense fallback={<p>previous page</p>}>
          <Page />
        </Suspense>,
      );
    });
    // Nothing of the new page shows before its below-the-fold part can show with it.
    expect(screen.getByText('previous page')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'top 0' })).toBeNull();
    await act(async () => chunk.release());
    await waitFor(() => expect(screen.getByRole('button', { name: 'below 0' })).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'top 0' })).toBeInTheDocument();
  });

  it('a chunk that fails to load reaches the error boundary (the route error reloads once)', async () => {
    const client = await freshModule();
    client.hydrationDone();
    const Part = client.deferred<{ name: string }>(() => Promise.reject(new Error('chunk gone')));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      render(
        <Catch>
          <Suspense fallback={null}>
            <Part name="below" />
          </Suspense>
        </Catch>,
      );
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('chunk gone');
    quiet.mockRestore();
  });
});
