// Setup of the web component tests (vitest project 'web', jsdom): the browser APIs Mantine needs that jsdom
// lacks, the jest-dom matchers, and the request mock layer standing in for the server over HTTP.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { apiServer, takeUnhandledRequests } from './api-mock';

// Mantine reads media queries (colour scheme, responsive props) and observes element sizes (ScrollArea, Tabs).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList,
});
window.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
// Combobox options scroll into view as the selection moves.
Element.prototype.scrollIntoView = () => {};

// findBy… waits for the page: the first render of a lazily loaded page also compiles its modules, which on a busy
// machine takes longer than Testing Library's default second (past 10 s with the machine loaded ten times over). A
// bound for waiting, not a speed requirement: a passing test never waits it out.
configure({ asyncUtilTimeout: 60_000 });

beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  // A test's language setting (the header's menu) is not the next test's.
  window.localStorage.clear();
  document.cookie = 'pid5_lang=; path=/; max-age=0';
  apiServer.resetHandlers();
  // 'error' makes an unanswered request fail as a network error, which a page may show politely and so let the
  // test pass: fail the test itself instead.
  const unhandled = takeUnhandledRequests();
  if (unhandled.length > 0) {
    throw new Error(`Requests no handler answered (add one with onApi): ${unhandled.join(', ')}`);
  }
});
afterAll(() => apiServer.close());
