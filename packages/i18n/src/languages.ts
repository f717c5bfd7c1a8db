/**
 * A language the product speaks: a code ('en', 'de') found in the language registry below. The registry is read
 * from files, so every input naming a language is checked against it (isLanguage, the contract's zLanguage).
 */
export type Language = string;

/** What a language says of itself in its folder's language.json. */
export interface LanguageDescription {
  /** Its own name, for a language switch (never translated). */
  readonly name: string;
  /**
   * The locale it writes letters' dates and numbers in (a region where the language has one convention): Intl
   * formats from it, so no code asks which language it is.
   */
  readonly letterLocale: string;
}

interface RegisteredLanguage extends LanguageDescription {
  /** The folder of its files (catalogues and data), on the server; undefined in the browser, which bundles them. */
  readonly folder?: string;
}

/** A language's folder name: a lower-case primary subtag, as a pick by Accept-Language finds it. */
export const LANGUAGE_CODE = /^[a-z]{2,3}$/;

const registry = new Map<Language, RegisteredLanguage>();
const extraFolders: string[] = [];

/** The languages the product speaks, English first then by code: a live list (a language folder added joins it). */
export const LANGUAGES: readonly Language[] = [];

export const DEFAULT_LANGUAGE: Language = 'en';

/** The cookie in which the staff app keeps the reader's choice, so the server writes PDFs and messages in it too. */
export const LANGUAGE_COOKIE = 'pid5_lang';

function parseDescription(raw: unknown, where: string): LanguageDescription {
  const value = raw as Partial<Record<keyof LanguageDescription, unknown>> | null;
  const name = value?.name;
  const letterLocale = value?.letterLocale;
  if (typeof name !== 'string' || name.trim() === '' || typeof letterLocale !== 'string') {
    throw new Error(`${where}: a language description needs "name" and "letterLocale" (texts)`);
  }
  try {
    new Intl.DateTimeFormat(letterLocale);
  } catch {
    throw new Error(`${where}: "${letterLocale}" is not a locale`);
  }
  return { name, letterLocale };
}

/** Adds a language (or replaces its description), keeping LANGUAGES in order: English first, then by code. */
export function registerLanguage(code: string, description: unknown, folder?: string): Language {
  if (!LANGUAGE_CODE.test(code)) {
    throw new Error(`"${code}" is not a language code (two or three lower-case letters)`);
  }
  registry.set(code, { ...parseDescription(description, `${folder ?? code}/language.json`), folder });
  const list = LANGUAGES as Language[];
  list.splice(
    0,
    list.length,
    ...[...registry.keys()].sort((a, b) => (a === 'en' ? -1 : b === 'en' ? 1 : a.localeCompare(b))),
  );
  return code;
}

/** Removes a language added with registerLanguage (a test's own language, when the test ends). */
export function unregisterLanguage(code: Language): void {
  registry.delete(code);
  const list = LANGUAGES as Language[];
  list.splice(list.indexOf(code), 1);
}

/**
 * Removes a folder added with addLanguageFolder and its languages (a test's own folder, when the test ends), so
 * that report threads started later are not sent a folder that no longer exists.
 */
export function removeLanguageFolder(folder: string): void {
  const base = folder.endsWith('/') ? folder : `${folder}/`;
  for (const [code, registered] of [...registry]) {
    if (registered.folder?.startsWith(base)) {
      unregisterLanguage(code);
    }
  }
  const at = extraFolders.indexOf(base);
  if (at >= 0) {
    extraFolders.splice(at, 1);
  }
}

/** Each language in its own name (never translated); the code for one that is not registered. */
export function languageName(language: Language): string {
  return registry.get(language)?.name ?? language;
}

/** The locale a language writes letters' dates and numbers in. */
export function letterLocale(language: Language): string {
  return registry.get(language)?.letterLocale ?? 'en-GB';
}

/** The folder of a language's files on the server (catalogues, language.json, its data files). */
export function languageFolder(language: Language): string | undefined {
  return registry.get(language)?.folder;
}

/** The folders of languages added from outside the product (LANGUAGES_FOLDER): a worker thread adds them again. */
export function extraLanguageFolders(): readonly string[] {
  return extraFolders;
}

type NodeFs = {
  readdirSync(path: string, options: { withFileTypes: true }): { name: string; isDirectory(): boolean }[];
  readFileSync(path: string, encoding: 'utf8'): string;
  existsSync(path: string): boolean;
};

/** node:fs on the server (no import, so the browser bundle carries none), null in a browser. */
function nodeFs(): NodeFs | null {
  const processLike = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  return (processLike?.getBuiltinModule?.('node:fs') as NodeFs | undefined) ?? null;
}

/**
 * Registers every language folder in `folder` (a sub-folder with a language.json): the product's own catalogues,
 * or an installation's extra languages (LANGUAGES_FOLDER). Returns the codes found.
 */
export function addLanguageFolder(folder: string, options: { extra?: boolean } = { extra: true }): Language[] {
  const fs = nodeFs();
  if (!fs) {
    throw new Error('Language folders are read on the server only');
  }
  const base = folder.endsWith('/') ? folder : `${folder}/`;
  const found: Language[] = [];
  for (const entry of fs.readdirSync(base, { withFileTypes: true })) {
    const description = `${base}${entry.name}/language.json`;
    if (entry.isDirectory() && fs.existsSync(description)) {
      found.push(
        registerLanguage(entry.name, JSON.parse(fs.readFileSync(description, 'utf8')), `${base}${entry.name}/`),
      );
    }
  }
  if (options.extra !== false && !extraFolders.includes(base)) {
    extraFolders.push(base);
  }
  return found;
}

declare const __PID5_LANGUAGES__: Record<string, LanguageDescription> | undefined;

/**
 * The product's own languages, found when this module loads: in the browser from the list the build wrote in
 * (vite-plugin.mjs), on the server from packages/i18n/catalogues/ (from source) or the build's catalogues/ beside
 * main.js (scripts/build-server.mjs).
 */
function registerOwnLanguages(): void {
  if (typeof __PID5_LANGUAGES__ !== 'undefined') {
    for (const [code, description] of Object.entries(__PID5_LANGUAGES__)) {
      registerLanguage(code, description);
    }
    return;
  }
  const fs = nodeFs();
  if (!fs || !import.meta.url.startsWith('file:')) {
    return;
  }
  const candidates = [new URL('../catalogues/', import.meta.url), new URL('./catalogues/', import.meta.url)];
  const found = candidates
    .map((url) => decodeURIComponent(url.pathname))
    .find((path) => fs.existsSync(`${path}en/language.json`));
  if (found) {
    addLanguageFolder(found, { extra: false });
  }
}

registerOwnLanguages();

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && registry.has(value);
}

/** The first of `preferences` (BCP 47 tags, best first) that one of `offered` serves: 'de-CH' is served by 'de'. */
export function pickLanguage(
  preferences: readonly string[],
  offered: readonly Language[] = LANGUAGES,
): Language | null {
  for (const tag of preferences) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    const match = offered.find((language) => language === primary);
    if (match) {
      return match;
    }
  }
  return null;
}

/** The language ranges of an Accept-Language header, best first (by q, then order); '*' and q=0 dropped. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) {
    return [];
  }
  const ranges = header
    .slice(0, 1000)
    .split(',')
    .slice(0, 12)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam === undefined ? 1 : Number(qParam.slice(2));
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((r) => r.tag !== '' && r.tag !== '*' && r.q > 0);
  ranges.sort((a, b) => b.q - a.q || a.index - b.index);
  return ranges.map((r) => r.tag);
}
