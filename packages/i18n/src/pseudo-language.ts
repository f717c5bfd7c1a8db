import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pseudoMessage, pseudoText } from './pseudo-locale';

// A third language made of files only, for the tests (server and web) that prove a language needs no code: every file of English's
// homes of words (catalogues, validity and comparison words, demo item set, default documents) in the pseudo-locale,
// each text in ⟦ ⟧ with its vowels accented, so any English word a page, PDF, e-mail or CSV shows is a fallback.

// Paths, not URLs: the web tests' DOM (happy-dom) has a URL of its own that node:fs does not take.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../');
const at = (path: string) => join(ROOT, path);
const readJson = (path: string): unknown => JSON.parse(readFileSync(at(path), 'utf8')) as unknown;

/** The language's code: ISO 639's range for local use, so it is nobody's real language. */
export const PSEUDO_LANGUAGE = 'qaa';

/** Values that are codes, not words (the validity data's EXACT_KEYS, ids, a decimal separator). */
const CODE_KEYS = new Set(['direction', 'severity', 'patientFacingLevels', 'decimalSeparator', 'id', 'language']);

/** A data file's text in the pseudo-locale: `{name}` placeholders kept. */
function pseudoPlain(text: string): string {
  return `⟦${text
    .split(/(\{\w+\})/)
    .map((part, i) => (i % 2 === 1 ? part : pseudoText(part)))
    .join('')}⟧`;
}

function pseudoData(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    return CODE_KEYS.has(key) ? value : pseudoPlain(value);
  }
  if (Array.isArray(value)) {
    return value.map((item) => pseudoData(item, key));
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k === 'sources' ? v : pseudoData(v, k === 'items' ? '' : k)]),
    );
  }
  return value;
}

/** HTML with its text (not its tags or entities) in the pseudo-locale. */
function pseudoHtml(html: string): string {
  return html
    .split(/(<[^>]*>|&\w+;)/)
    .map((part, i) => (i % 2 === 1 || part.trim() === '' ? part : pseudoPlain(part)))
    .join('');
}

/** Writes the pseudo language's folder into `root` (a LANGUAGES_FOLDER); returns its code. */
export function writePseudoLanguage(root: string, code = PSEUDO_LANGUAGE): string {
  const folder = join(root, code);
  mkdirSync(folder, { recursive: true });
  const write = (name: string, data: unknown) =>
    writeFileSync(join(folder, name), `${JSON.stringify(data, null, 2)}\n`);
  // Dates in French: a letter locale of its own, so no English month or weekday is printed.
  write('language.json', { name: pseudoPlain('Pseudo'), letterLocale: 'fr-FR' });
  const english = 'packages/i18n/catalogues/en/';
  for (const file of readdirSync(at(english)).filter((f) => f.endsWith('.json') && f !== 'language.json')) {
    const messages = readJson(`${english}${file}`) as Record<string, string>;
    write(file, Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, pseudoMessage(message)])));
  }
  const validity = pseudoData(readJson('packages/instrument/src/data/pid5-validity-interpretation.json')) as {
    words: { decimalSeparator: string };
  };
  validity.words.decimalSeparator = ',';
  write('validity-interpretation.json', validity);
  write('comparison-wording.json', pseudoData(readJson('packages/instrument/src/data/comparison-wording.json')));
  const demo = pseudoData(readJson('packages/instrument/src/data/demo-item-set.json')) as Record<string, unknown>;
  // English's demonstration set takes the spec's answer labels; the language's set brings its own.
  demo.answerLabels ??= (validity as unknown as { words: { answers: string[] } }).words.answers;
  write('demo-item-set.json', { ...demo, id: `demo-${code}-1`, language: code });
  for (const kind of ['terms', 'consent']) {
    const html = readFileSync(at(`apps/server/src/modules/documents/defaults/${kind}.en.html`), 'utf8');
    writeFileSync(join(folder, `${kind}.html`), pseudoHtml(html));
  }
  return code;
}

/** `phrase` wherever it stands as whole words, with or without line breaks and spaces between its characters. */
function phrasePattern(phrase: string): RegExp {
  const characters = [...phrase.replace(/\s+/g, '')].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![\\p{L}])${characters.join('\\s*')}(?![\\p{L}])`, 'gu');
}

/**
 * The English a text shows outside the pseudo language's ⟦ ⟧: words of plain letters with a plain vowel (the
 * pseudo-locale accents every vowel), in runs of two or more, after removing what is allowed to stay as it is
 * (wherever a PDF or an e-mail breaks its lines).
 */
export function englishOutsideMarkers(text: string, allowed: readonly string[] = []): string[] {
  let rest = text;
  for (const phrase of [...allowed].sort((a, b) => b.length - a.length)) {
    rest = rest.replace(phrasePattern(phrase), ' ');
  }
  rest = rest.replace(/\S+@\S+|https?:\/\/\S+/g, ' ');
  const runs = rest.match(/\b[A-Za-z'’]*[aeiouAEIOU][A-Za-z'’]*(?:[ \t]+[A-Za-z'’]*[aeiouAEIOU][A-Za-z'’]*)+\b/g) ?? [];
  return runs;
}
