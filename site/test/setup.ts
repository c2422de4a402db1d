import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

// jsdom does not implement scrolling; pages call it on every route change. (Server and
// script tests run in the node environment, without a window.)
if (typeof window !== 'undefined') window.scrollTo = () => {};
