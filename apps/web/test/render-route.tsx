import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TMe } from '@pid5/contract';
import { createQueryClient } from '../src/api/query-client';
import type { CatalogueLoader } from '../src/i18n/language-runtime';
import { StaffLanguage } from '../src/i18n/staff-language';
import { routes } from '../src/routes';
import { onApi, onApiError } from './api-mock';

/**
 * Opens `path` in the staff app as a person would: the real route table (lazy pages, layouts, guards) in a memory
 * router, and the app's own query rules (retries happen at once). Returns the user to act with and the router,
 * whose location is the address bar. The pages speak the reader's language (the setting, else the browser's:
 * English in the test DOM), as in main.tsx; `catalogues` gives them a language from a folder outside the build.
 */
export function renderRoute(path: string, { catalogues }: { catalogues?: CatalogueLoader } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup({ delay: null });
  render(
    <QueryClientProvider client={createQueryClient({ retryDelay: 0 })}>
      <StaffLanguage catalogues={catalogues}>
        <RouterProvider router={router} />
      </StaffLanguage>
    </QueryClientProvider>,
  );
  return { user, router };
}

/** The server knows this person's session (`GET /api/me`). */
export function signInAs(me: TMe): void {
  onApi('me', me);
}

/** No session: `GET /api/me` answers 401 as the server does. */
export function signOut(): void {
  onApiError('me', 401, 'UNAUTHENTICATED', 'Your session has ended. Please log in again.');
}
