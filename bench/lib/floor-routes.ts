import type { FastifyInstance, RouteOptions } from 'fastify';
import { ASSESSMENTS_PAGE_SIZE, ITEM_COUNT } from '@pid5/contract';

// The benchmarks' floor routes: a twin of a product route with the same hooks, parsing, validation, rate limit and
// response schema, answered without the database, so a route can be judged against the best this machine does for
// its request (bench/README.md). Each twin is cloned from the product's own route as the server registers it, so it
// cannot drift from it; the product's code knows nothing of them.

const SAVE_ROUTE = '/api/patient/:code/answers/:item';
const DASHBOARD_ROUTE = '/api/assessments';

/** The save without its statement: the answers string a save of `item` would return on an empty test. */
function floorSave(request: { params: unknown; body: unknown }) {
  const { item } = request.params as { item: number };
  const { value } = request.body as { value: number };
  const answers = '0'.repeat(ITEM_COUNT);
  return Promise.resolve({
    answeredCount: item,
    answers: answers.slice(0, item - 1) + String(value) + answers.slice(item),
  });
}

/** A dashboard page of ten made-up rows, without a session or the database. */
function floorDashboardPage(request: { query: unknown }) {
  const items = Array.from({ length: ASSESSMENTS_PAGE_SIZE }, (_, i) => ({
    id: i + 1,
    patientId: `P-${String(i).padStart(7, '0')}`,
    form: 'FULL' as const,
    language: 'en' as const,
    answeredCount: 220,
    createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    dueAt: new Date(Date.UTC(2026, 1, 1 + i)).toISOString(),
    finishedAt: null,
    status: 'in-progress' as const,
    clinician: { id: '00000000-0000-4000-8000-000000000000', username: 'clinician' },
  }));
  const { page } = request.query as { page: number };
  return Promise.resolve({
    items,
    page,
    pageCount: 10_000,
    total: 100_000,
    pageSize: ASSESSMENTS_PAGE_SIZE,
    view: 'admin' as const,
  });
}

/**
 * Adds `/api/bench-floor/patient/:code/answers/:item` (PUT) and `/api/bench-floor/assessments` (GET) beside the
 * product's save and dashboard list. The dashboard's twin is public: its floor is the request's handling, not a
 * session lookup.
 */
export function addFloorRoutes(app: FastifyInstance): void {
  // Registered before any plugin (buildApp's `extend`), so this sees each route as declared: the rate limit's and
  // other plugins' onRoute hooks then add their hooks to the twin as they do to the original, once each.
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = ([] as string[]).concat(route.method);
    if (route.url === SAVE_ROUTE && methods.includes('PUT')) {
      app.route({ ...twinOf(route), url: '/api/bench-floor/patient/:code/answers/:item', handler: floorSave });
    } else if (route.url === DASHBOARD_ROUTE && methods.includes('GET')) {
      const twin = twinOf(route);
      app.route({
        ...twin,
        url: '/api/bench-floor/assessments',
        config: { ...twin.config, access: 'public' },
        handler: floorDashboardPage,
      });
    }
  });
}

/** The route's options with hook lists of its own (plugins push onto them) and hidden from the API's docs. */
function twinOf(route: RouteOptions): RouteOptions & { config: Record<string, unknown> } {
  const twin: Record<string, unknown> = { ...route, config: { ...(route.config as object) } };
  for (const hook of [
    'onRequest',
    'preParsing',
    'preValidation',
    'preHandler',
    'preSerialization',
    'onSend',
    'onResponse',
  ]) {
    const hooks = twin[hook];
    if (hooks !== undefined) {
      twin[hook] = ([] as unknown[]).concat(hooks);
    }
  }
  twin.schema = { ...(route.schema ?? {}), hide: true };
  return twin as unknown as RouteOptions & { config: Record<string, unknown> };
}
