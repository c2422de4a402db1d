import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { freshWindow } from './fresh-window.ts';

// findBy*/waitFor give up after 1 s by default; on a loaded 2-core CI machine a lazy route
// can take longer to render (5 s was not enough for admin-invite at load 30). Waiting longer changes no assertion.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
});

// Server and script tests run in the node environment, without a window.
if (typeof window !== 'undefined') {
  // This runs before each file, and files share a worker's window (vitest.config.ts).
  freshWindow();
  // jsdom does not implement scrolling; pages call it on every route change.
  window.scrollTo = () => {};
}
