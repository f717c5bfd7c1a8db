import { createBrowserRouter, type RouteObject } from 'react-router';

/**
 * The one route table of the staff area (clinicians and admins, built with Mantine). Patient links
 * (/test/{code}, /consent/{code}) are a separate entry, patient.html + src/respondent/, kept small for phones.
 */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const routes: RouteObject[] = [
  {
    lazy: page(() => import('./components/staff-shell')),
    children: [
      { path: '/', lazy: page(() => import('./pages/auth/login-page')) },
      { path: '/login', lazy: page(() => import('./pages/auth/login-page')) },
      { path: '/login-callback', lazy: page(() => import('./pages/auth/logging-in-page')) },
      { path: '/login-local', lazy: page(() => import('./pages/auth/logging-in-page')) },
      {
        lazy: page(() => import('./components/signed-in-layout')),
        children: [
          { path: '/dashboard', lazy: page(() => import('./pages/clinician/dashboard-page')) },
          { path: '/createtest', lazy: page(() => import('./pages/clinician/create-test-page')) },
          { path: '/details/:id', lazy: page(() => import('./pages/clinician/details-page')) },
          { path: '/compare/:id/:otherId', lazy: page(() => import('./pages/clinician/patient-compare-page')) },
          { path: '/shared', lazy: page(() => import('./pages/clinician/patient-shared-page')) },
          { path: '/settings', lazy: page(() => import('./pages/settings/settings-page')) },
          {
            lazy: page(() => import('./components/admin-only-layout')),
            children: [
              { path: '/dataview/:id', lazy: page(() => import('./pages/admin/data-view-page')) },
              { path: '/admin/credits', lazy: page(() => import('./pages/admin/credits-page')) },
              { path: '/admin/audit', lazy: page(() => import('./pages/admin/audit-page')) },
              { path: '/admin/patients', lazy: page(() => import('./pages/admin/patients-page')) },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', lazy: page(() => import('./pages/not-found-page')) },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
