import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZMe, ZSetViewModeRequest, type TMe } from '@pid5/contract';
import { setSessionViewMode, type ActiveSession } from '../../identity/sessions';
import type { AppConfig } from '../../config';
import { requireSession } from '../../http/access';
import type { ItemSets } from '../item-sets/load-item-set';

export function presentMe(
  session: ActiveSession,
  config: Pick<AppConfig, 'testsStoreUrl' | 'defaultCountry' | 'env'>,
  /** The languages with an item set loaded, and the default among them (DESIGN.md "Languages"). */
  testLanguages: Pick<ItemSets, 'languages' | 'defaultLanguage' | 'usesDemonstrationItems'>,
): TMe {
  return {
    id: session.user.id,
    username: session.user.username,
    email: session.user.email,
    photoUrl: session.user.photoUrl,
    role: session.user.role,
    // A clinician is always in clinician view, whatever the session row says.
    viewMode: session.user.role === 'admin' ? session.viewMode : 'clinician',
    institute: {
      testsStoreUrl: config.testsStoreUrl ?? null,
      defaultCountry: config.defaultCountry,
      testLanguages: [...testLanguages.languages],
      defaultTestLanguage: testLanguages.defaultLanguage,
      demonstrationItemsInProduction: config.env === 'production' && testLanguages.usesDemonstrationItems,
    },
  };
}

export function registerMeRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/me',
    { config: { access: 'signed-in' }, schema: { tags: ['me'], response: { 200: ZMe } } },
    async (request) => presentMe(requireSession(request), app.deps.config, app.deps.itemSets),
  );

  r.put(
    '/api/me/view-mode',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['me'],
        summary: 'Admins switch between admin and clinician view',
        body: ZSetViewModeRequest,
        response: { 200: ZMe },
      },
    },
    async (request) => {
      const session = requireSession(request);
      await setSessionViewMode(app.deps.database.db, session.tokenHash, request.body.viewMode);
      return presentMe({ ...session, viewMode: request.body.viewMode }, app.deps.config, app.deps.itemSets);
    },
  );
}
