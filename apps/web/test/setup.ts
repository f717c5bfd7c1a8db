// Setup of the web component tests (vitest project 'web', happy-dom): the default display happy-dom lacks, the
// jest-dom matchers, and the request mock layer standing in for the server over HTTP.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { apiServer, takeUnhandledRequests } from './api-mock';

// happy-dom's computed style gives phrasing elements no display at all where a browser (and jsdom) gives 'inline';
// the accessible name and description computation then reads a link inside a sentence as a block, with spaces around
// it ("the store ; they"). The user agent's default, at the lowest specificity so any other rule wins.
const userAgentDefaults = document.createElement('style');
userAgentDefaults.textContent =
  ':where(a, abbr, b, bdi, bdo, br, cite, code, data, del, dfn, em, i, img, ins, kbd, label, mark, q, s, samp, small, ' +
  'span, strong, sub, sup, svg, time, u, var, wbr) { display: inline; }';
document.head.append(userAgentDefaults);

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
// The files of a worker share one DOM and the libraries' modules (isolate: false in vitest.config.ts: loading React
// and Mantine again for each file was half the project's time). Each file still starts as a fresh page would: at
// '/', no document language, and the app's own modules loaded again (their language registry, request language,
// server-language list).
afterAll(() => {
  apiServer.close();
  window.history.replaceState(null, '', '/');
  document.documentElement.removeAttribute('lang');
  vi.resetModules();
});
