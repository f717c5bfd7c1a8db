#!/usr/bin/env node
// Checks the message catalogues (packages/i18n/catalogues/<language>/<area>.json; run by `npm run lint`):
//  - every language has every area, with exactly English's keys (a missing or extra translation is named);
//  - every message is valid ICU, and uses the same arguments and tags (`{count}`, `<0>`) as English's;
//  - a key belongs to one area only;
//  - every key is used: it appears as a quoted string in the product's source (apps/, packages/; tests not counted).
//  - every language folder has a language.json (its own name, a letter locale) and every other home of its words:
//    the validity words and comparison sentences (the same keys and placeholders as English's), the default terms
//    and consent, a demonstration item set (each shipped in its package for English and German, else in the folder).
// A key used but missing from the catalogue fails the typecheck instead (keys are typed from the English files).
// Usage: node scripts/check-catalogues.mjs [folder of more languages ...]   (LANGUAGES_FOLDER is checked too;
// exit 0: none found; 1: each problem listed)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');
export const CATALOGUES = join(ROOT, 'packages', 'i18n', 'catalogues');
const SOURCE_ROOTS = ['apps', 'packages'];
const SOURCE_FILE = /\.(ts|tsx|mjs)$/;
const NOT_SOURCE = /(\.test\.tsx?$|[\\/](node_modules|dist|test|catalogues)[\\/])/;
const INSTRUMENT_DATA = join(ROOT, 'packages', 'instrument', 'src', 'data');
const DEFAULT_DOCUMENTS = join(ROOT, 'apps', 'server', 'src', 'modules', 'documents', 'defaults');
/** A language folder's files that are not catalogue areas (apps/server/src/i18n/language-files.ts reads them). */
const DATA_FILES = {
  validity: 'validity-interpretation.json',
  comparison: 'comparison-wording.json',
  demoItemSet: 'demo-item-set.json',
};
const NOT_AREAS = new Set(['language.json', ...Object.values(DATA_FILES)]);

/** The argument names and tag numbers of a compiled message, sorted: what every translation must keep. */
export function messageArguments(compiled) {
  const found = new Set();
  // A compiled message is a list of nodes: text, or an argument `[name]` / `[name, type, options]` whose options
  // (plural and select branches) are lists again.
  const walkList = (nodes) => (typeof nodes === 'string' ? walkNode(nodes) : nodes.forEach(walkNode));
  const walkNode = (node) => {
    if (typeof node === 'string') {
      for (const tag of node.matchAll(/<\/?(\d+)\/?>/g)) {
        found.add(`<${tag[1]}>`);
      }
      return;
    }
    found.add(`{${node[0]}}`);
    if (node[2] && typeof node[2] === 'object') {
      Object.values(node[2]).forEach((branch) =>
        Array.isArray(branch) || typeof branch === 'string' ? walkList(branch) : null,
      );
    }
  };
  walkList(compiled);
  return [...found].sort();
}

/** Every problem with a set of catalogues: `{ language: { area: { key: message } } }`, English first. */
export function catalogueProblems(catalogues, usedText) {
  const problems = [];
  const english = catalogues.en ?? {};
  const areaOfKey = new Map();
  for (const [area, messages] of Object.entries(english)) {
    for (const key of Object.keys(messages)) {
      if (areaOfKey.has(key)) {
        problems.push(`${key}: in both ${areaOfKey.get(key)} and ${area}`);
      }
      areaOfKey.set(key, area);
    }
  }
  for (const [language, areas] of Object.entries(catalogues)) {
    for (const area of new Set([...Object.keys(english), ...Object.keys(areas)])) {
      const reference = english[area];
      const messages = areas[area];
      if (!reference) {
        problems.push(`${language}/${area}.json: no English ${area}.json`);
        continue;
      }
      if (!messages) {
        problems.push(`${language}/${area}.json: missing`);
        continue;
      }
      for (const key of Object.keys(reference)) {
        if (!(key in messages)) {
          problems.push(`${language}/${area}.json: ${key} has no translation`);
        }
      }
      for (const [key, message] of Object.entries(messages)) {
        if (!(key in reference)) {
          problems.push(`${language}/${area}.json: ${key} is not in English (a stale key?)`);
          continue;
        }
        let compiled;
        try {
          compiled = compileMessageOrThrow(message);
        } catch (error) {
          problems.push(`${language}/${area}.json: ${key} is not valid ICU (${error.message})`);
          continue;
        }
        const expected = messageArguments(compileMessageOrThrow(reference[key]));
        const actual = messageArguments(compiled);
        if (expected.join() !== actual.join()) {
          problems.push(
            `${language}/${area}.json: ${key} uses ${actual.join(' ') || 'nothing'}, English ${expected.join(' ') || 'nothing'}`,
          );
        }
      }
    }
  }
  for (const key of areaOfKey.keys()) {
    if (!usedText.has(key)) {
      problems.push(`en/${areaOfKey.get(key)}.json: ${key} is not used anywhere in apps/ or packages/`);
    }
  }
  return problems;
}

/** The language folders of `roots` (the product's catalogues first): `{ language: folder }`, English first. */
export function languageFolders(roots = [CATALOGUES]) {
  const folders = {};
  for (const root of roots) {
    for (const language of readdirSync(root)) {
      if (statSync(join(root, language)).isDirectory()) {
        folders[language] = join(root, language);
      }
    }
  }
  const order = Object.keys(folders).sort((a, b) => (a === 'en' ? -1 : b === 'en' ? 1 : a.localeCompare(b)));
  return Object.fromEntries(order.map((language) => [language, folders[language]]));
}

function readCatalogues(folders) {
  const catalogues = {};
  for (const [language, folder] of Object.entries(folders)) {
    catalogues[language] = {};
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.json') && !NOT_AREAS.has(f))) {
      catalogues[language][file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(folder, file), 'utf8'));
    }
  }
  return catalogues;
}

/** The validity data without what each language has of its own (its description, its sources' citations). */
const withoutOwn = (data) =>
  Object.fromEntries(Object.entries(data).filter(([key]) => key !== 'sources' && key !== 'description'));

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

/** `{name}` placeholders of a data file's text, sorted. */
const placeholders = (text) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort().join(', ');

/** Where a data file's translation differs from English's in shape: a key, a list's length, a placeholder. */
export function shapeProblems(reference, translation, path = '') {
  const where = path || '(root)';
  if (typeof reference === 'string') {
    if (typeof translation !== 'string') {
      return [`${where}: not a text`];
    }
    return placeholders(reference) === placeholders(translation)
      ? []
      : [`${where}: placeholders ${placeholders(translation)} instead of ${placeholders(reference)}`];
  }
  if (Array.isArray(reference)) {
    // Sources are each language's own list of citations; only texts in the same place are compared.
    return Array.isArray(translation) && translation.length === reference.length
      ? reference.flatMap((item, i) => shapeProblems(item, translation[i], `${path}[${i}]`))
      : [`${where}: not a list of ${reference.length}`];
  }
  if (reference !== null && typeof reference === 'object') {
    if (translation === null || typeof translation !== 'object' || Array.isArray(translation)) {
      return [`${where}: not an object`];
    }
    return [
      ...Object.keys(translation)
        .filter((key) => !(key in reference))
        .map((key) => `${path ? `${path}.` : ''}${key}: not in English`),
      ...Object.keys(reference).flatMap((key) =>
        key in translation
          ? shapeProblems(reference[key], translation[key], path ? `${path}.${key}` : key)
          : [`${path ? `${path}.` : ''}${key}: missing`],
      ),
    ];
  }
  return [];
}

/** The file of one home of a language's words: shipped with its package, else in the language's folder. */
function homeOf(language, folder, shipped, own) {
  return [shipped, join(folder, own)].find((path) => path && existsSync(path)) ?? null;
}

/** Every problem with the homes of words other than the catalogues, for each language folder. */
export function languageDataProblems(folders) {
  const problems = [];
  const englishValidity = readJson(join(INSTRUMENT_DATA, 'pid5-validity-interpretation.json'));
  const englishComparison = readJson(join(INSTRUMENT_DATA, 'comparison-wording.json'));
  for (const [language, folder] of Object.entries(folders)) {
    const description = join(folder, 'language.json');
    if (!existsSync(description)) {
      problems.push(`${language}/language.json: missing (its own name and letter locale)`);
    } else {
      const { name, letterLocale } = readJson(description);
      if (typeof name !== 'string' || !name.trim() || typeof letterLocale !== 'string') {
        problems.push(`${language}/language.json: needs "name" and "letterLocale"`);
      }
    }
    if (language === 'en') {
      continue;
    }
    const validity = homeOf(
      language,
      folder,
      join(INSTRUMENT_DATA, `pid5-validity-interpretation.${language}.json`),
      DATA_FILES.validity,
    );
    const comparison = homeOf(
      language,
      folder,
      join(INSTRUMENT_DATA, `comparison-wording.${language}.json`),
      DATA_FILES.comparison,
    );
    const demo = homeOf(
      language,
      folder,
      join(INSTRUMENT_DATA, `demo-item-set-${language}.json`),
      DATA_FILES.demoItemSet,
    );
    const validityReference = withoutOwn(englishValidity);
    const checks = [
      ['validity words', validity, DATA_FILES.validity, (data) => shapeProblems(validityReference, withoutOwn(data))],
      ['comparison sentences', comparison, DATA_FILES.comparison, (data) => shapeProblems(englishComparison, data)],
      ['demonstration item set', demo, DATA_FILES.demoItemSet, () => []],
    ];
    for (const [what, path, own, check] of checks) {
      if (path === null) {
        problems.push(`${language}: no ${what} (${relative(ROOT, join(folder, own))})`);
      } else {
        problems.push(...check(readJson(path)).map((problem) => `${relative(ROOT, path)}: ${problem}`));
      }
    }
    for (const kind of ['terms', 'consent']) {
      if (!homeOf(language, folder, join(DEFAULT_DOCUMENTS, `${kind}.${language}.html`), `${kind}.html`)) {
        problems.push(`${language}: no default ${kind} (${relative(ROOT, folder)}/${kind}.html)`);
      }
    }
  }
  return problems;
}

/** Every problem of the languages in `roots`: catalogues and every other home of their words. */
export function allLanguageProblems(roots, usedText) {
  const folders = languageFolders(roots);
  return [...catalogueProblems(readCatalogues(folders), usedText), ...languageDataProblems(folders)];
}

/** Every quoted string in the product's source files: where a key counts as used. */
export function usedStrings() {
  const used = new Set();
  const visit = (dir) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (NOT_SOURCE.test(path + (statSync(path).isDirectory() ? '/' : ''))) {
        continue;
      }
      if (statSync(path).isDirectory()) {
        visit(path);
      } else if (SOURCE_FILE.test(entry)) {
        for (const match of readFileSync(path, 'utf8').matchAll(/['"`]([A-Za-z][\w.-]*)['"`]/g)) {
          used.add(match[1]);
        }
      }
    }
  };
  SOURCE_ROOTS.forEach((root) => visit(join(ROOT, root)));
  return used;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const extra = [...process.argv.slice(2), process.env.LANGUAGES_FOLDER].filter(Boolean);
  const problems = allLanguageProblems([CATALOGUES, ...extra], usedStrings());
  for (const problem of problems) {
    console.error(problem);
  }
  process.exit(problems.length === 0 ? 0 : 1);
}
