import type { Language } from '@pid5/i18n';
import type { Catalogue } from '@pid5/i18n/compile';
import deCsv from '@pid5/i18n/catalogues/de/csv.json' with { type: 'json' };
import deErrors from '@pid5/i18n/catalogues/de/errors.json' with { type: 'json' };
import deMessages from '@pid5/i18n/catalogues/de/messages.json' with { type: 'json' };
import deReport from '@pid5/i18n/catalogues/de/report.json' with { type: 'json' };
import deResults from '@pid5/i18n/catalogues/de/results.json' with { type: 'json' };
import deValidation from '@pid5/i18n/catalogues/de/validation.json' with { type: 'json' };
import deScoreReport from '@pid5/i18n/catalogues/de/score-report.json' with { type: 'json' };
import enCsv from '@pid5/i18n/catalogues/en/csv.json' with { type: 'json' };
import enErrors from '@pid5/i18n/catalogues/en/errors.json' with { type: 'json' };
import enMessages from '@pid5/i18n/catalogues/en/messages.json' with { type: 'json' };
import enReport from '@pid5/i18n/catalogues/en/report.json' with { type: 'json' };
import enResults from '@pid5/i18n/catalogues/en/results.json' with { type: 'json' };
import enValidation from '@pid5/i18n/catalogues/en/validation.json' with { type: 'json' };
import enScoreReport from '@pid5/i18n/catalogues/en/score-report.json' with { type: 'json' };

// The catalogue areas the server speaks (packages/i18n/catalogues/<language>/<area>.json), imported as JSON: the
// production build (scripts/build-server.mjs) bundles them into main.js and pdf-worker.js, so the built server and
// its report threads carry them with no file to find at run time. An area added here is added for every language.

const ENGLISH = {
  ...enReport,
  ...enResults,
  ...enScoreReport,
  ...enErrors,
  ...enValidation,
  ...enCsv,
  ...enMessages,
};

/** A key of the server's messages, typed from the English catalogues (a key missing there fails the typecheck). */
export type MessageKey = keyof typeof ENGLISH;

/** The server's messages per language, as written (ICU); translator.ts compiles them once per process or thread. */
export const SERVER_CATALOGUES: Readonly<Record<Language, Catalogue>> = {
  en: ENGLISH,
  de: { ...deReport, ...deResults, ...deScoreReport, ...deErrors, ...deValidation, ...deCsv, ...deMessages },
};
