import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createQueryClient } from './api/query-client';
import { addServerLanguages } from './i18n/server-languages';
import { StaffLanguage } from './i18n/staff-language';
import { createAppRouter } from './routes';

// The old product's links were /#/test/{code}; keep them working by moving to the canonical path,
// which the server answers with the patient entry (patient.html).
const legacy = /^#\/(test|consent)\/([\w-]+)/.exec(window.location.hash);
if (legacy) {
  window.location.replace(`/${legacy[1]}/${legacy[2]}`);
}

const queryClient = createQueryClient();

const root = document.getElementById('root');
// The languages an installation added after the build are offered from the first page drawn.
if (root && !legacy) {
  void addServerLanguages().finally(() =>
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <StaffLanguage>
            <RouterProvider router={createAppRouter()} />
          </StaffLanguage>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}
