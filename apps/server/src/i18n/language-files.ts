import { existsSync, readFileSync } from 'node:fs';
import { LANGUAGES, languageFolder, type Language } from '@pid5/i18n';
import {
  addComparisonWording,
  addValidityWording,
  demoItemSet,
  demoItemSetDe,
  parseItemSet,
  type ItemSet,
} from '@pid5/instrument';

// A language's own data files beside its catalogues (packages/i18n/README.md "Adding a language"): the validity
// words, the comparison sentences and a demonstration item set. English and German ship theirs in @pid5/instrument;
// any other language brings them in its folder, so a language is added with files and no code.

/** The data files a language folder may hold besides its catalogues. */
export const LANGUAGE_DATA_FILES = {
  validity: 'validity-interpretation.json',
  comparison: 'comparison-wording.json',
  demoItemSet: 'demo-item-set.json',
} as const;

const SHIPPED_DEMO_SETS: ReadonlyMap<Language, ItemSet> = new Map([
  ['en', demoItemSet],
  ['de', demoItemSetDe],
]);

function dataFile(language: Language, name: string): string | null {
  const folder = languageFolder(language);
  const path = folder === undefined ? null : `${folder}${name}`;
  return path !== null && existsSync(path) ? path : null;
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

const added = new Set<string>();

/**
 * Gives the instrument the validity and comparison words of every language that has them as files (once per
 * language and folder): at start, in each report thread, and after a language folder is added.
 */
export function addLanguageData(): void {
  for (const language of LANGUAGES) {
    const seen = `${language}:${languageFolder(language) ?? ''}`;
    if (added.has(seen)) {
      continue;
    }
    added.add(seen);
    const validity = dataFile(language, LANGUAGE_DATA_FILES.validity);
    if (validity) {
      addValidityWording(language, readJson(validity));
    }
    const comparison = dataFile(language, LANGUAGE_DATA_FILES.comparison);
    if (comparison) {
      addComparisonWording(language, readJson(comparison));
    }
  }
}

const demoSets = new Map<Language, ItemSet | null>();

/** Our demonstration item set in `language`: the shipped one, or the language folder's demo-item-set.json. */
export function demoItemSetFor(language: Language): ItemSet | null {
  const shipped = SHIPPED_DEMO_SETS.get(language);
  if (shipped) {
    return shipped;
  }
  if (!demoSets.has(language)) {
    const path = dataFile(language, LANGUAGE_DATA_FILES.demoItemSet);
    demoSets.set(language, path === null ? null : parseItemSet(readJson(path)));
  }
  return demoSets.get(language) ?? null;
}

/** Every demonstration set of the product's languages (each has its own id). */
export function demoItemSets(): ItemSet[] {
  return LANGUAGES.map(demoItemSetFor).filter((set): set is ItemSet => set !== null);
}

/** The HTML of a default document (terms, consent) a language folder brings, or null. */
export function defaultDocumentFile(language: Language, kind: 'terms' | 'consent'): string | null {
  const path = dataFile(language, `${kind}.html`);
  return path === null ? null : readFileSync(path, 'utf8').trim();
}
