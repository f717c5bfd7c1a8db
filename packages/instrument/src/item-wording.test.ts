import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import germanFingerprintFile from '../test-fixtures/pid5-published-de-5gram-fingerprints.json' with { type: 'json' };
import fingerprintFile from '../test-fixtures/pid5-published-5gram-fingerprints.json' with { type: 'json' };
import demoDeJson from './data/demo-item-set-de.json' with { type: 'json' };
import demoJson from './data/demo-item-set.json' with { type: 'json' };

// The published PID-5 wording is copyrighted: no item set in this repository may share a run of 5
// consecutive words with a published item, English or German (the published German translation). The check compares
// fingerprints (hashes of 5-word runs, test-fixtures/NOTES.md), never the wording, exactly as
// shared/tools/check-item-wording.mjs does: every text against both lists, each with its own normalisation.

const RUN_LENGTH = 5;
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const publishedFingerprints: ReadonlySet<string> = new Set(fingerprintFile.hashes);
const publishedGermanFingerprints: ReadonlySet<string> = new Set(germanFingerprintFile.hashes);

interface ItemText {
  number: number;
  text: string;
}

interface Overlap {
  file: string;
  item: number;
  runs: string[];
}

/** Lower-case, apostrophes removed, every other non-letter a space: the checker's normalisation. */
function toWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/[^a-z ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** The German list's normalisation: ä ö ü ß written out (ae oe ue ss), other diacritics dropped, then `toWords`. */
function toGermanWords(text: string): string[] {
  return toWords(
    text
      .toLowerCase()
      .replace(/ä/g, 'ae')
      .replace(/ö/g, 'oe')
      .replace(/ü/g, 'ue')
      .replace(/ß/g, 'ss')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, ''),
  );
}

function fingerprintOf(run: string, prefix = 'pid5-5gram'): string {
  return createHash('sha256').update(`${prefix}:${run}`).digest('hex').slice(0, 20);
}

/** One published wording's fingerprints, with the normalisation and hash prefix they were made with. */
interface PublishedWording {
  fingerprints: ReadonlySet<string>;
  toWords: (text: string) => string[];
  prefix: string;
}

const ENGLISH: PublishedWording = { fingerprints: publishedFingerprints, toWords, prefix: 'pid5-5gram' };
const GERMAN: PublishedWording = {
  fingerprints: publishedGermanFingerprints,
  toWords: toGermanWords,
  prefix: 'pid5-de-5gram',
};

/** The item's own runs of 5 words whose fingerprint is in the list. */
function findSharedRuns(text: string, published: PublishedWording): string[] {
  const words = published.toWords(text);
  const runs: string[] = [];
  for (let i = 0; i + RUN_LENGTH <= words.length; i++) {
    const run = words.slice(i, i + RUN_LENGTH).join(' ');
    if (published.fingerprints.has(fingerprintOf(run, published.prefix))) {
      runs.push(run);
    }
  }
  return runs;
}

function findOverlaps(file: string, items: readonly ItemText[], published: PublishedWording = ENGLISH): Overlap[] {
  return items
    .map(({ number, text }) => ({ file, item: number, runs: findSharedRuns(text, published) }))
    .filter((overlap) => overlap.runs.length > 0);
}

/** The item-set shape (ZItemSet's core): an object whose `items` are `{ number, text }`. */
function isItemSetShaped(json: unknown): json is { items: ItemText[]; language?: unknown } {
  if (typeof json !== 'object' || json === null || !('items' in json) || !Array.isArray(json.items)) {
    return false;
  }
  const items: unknown[] = json.items;
  return (
    items.length > 0 &&
    items.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        'number' in item &&
        typeof item.number === 'number' &&
        'text' in item &&
        typeof item.text === 'string',
    )
  );
}

/** Every JSON file git would commit (tracked or new, not ignored) that has the item-set shape. */
function findItemSetFiles(): { file: string; language: string; items: ItemText[] }[] {
  const listed = execFileSync(
    'git',
    ['-C', repoRoot, 'ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', '*.json'],
    { encoding: 'utf8' },
  );
  return listed
    .split('\0')
    .filter(Boolean)
    .flatMap((file) => {
      let json: unknown;
      try {
        json = JSON.parse(readFileSync(join(repoRoot, file), 'utf8'));
      } catch {
        return []; // deleted in the working tree, or not JSON: not an item set
      }
      return isItemSetShaped(json)
        ? [{ file, language: typeof json.language === 'string' ? json.language : '', items: json.items }]
        : [];
    });
}

/**
 * Our own texts that describe the scales to patients and clinicians (report texts, level words): every file named
 * `*-wording.ts` or `*-wording*.json` (ARCHITECTURE.md "File names"), each string literal as one text (literals
 * joined by `+` are one text).
 */
function findOwnTextFiles(): { file: string; items: ItemText[] }[] {
  const listed = execFileSync(
    'git',
    [
      '-C',
      repoRoot,
      'ls-files',
      '-z',
      '--cached',
      '--others',
      '--exclude-standard',
      '--',
      '*-wording.ts',
      '*-wording*.json',
    ],
    { encoding: 'utf8' },
  );
  return listed
    .split('\0')
    .filter((file) => file && !file.endsWith('.test.ts'))
    .map((file) => {
      const source = readFileSync(join(repoRoot, file), 'utf8').replace(/(['"`])\s*\+\s*\1/g, '');
      const literals = [...source.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)];
      return { file, items: literals.map((m, i) => ({ number: i + 1, text: m[1] ?? m[2] ?? m[3] ?? '' })) };
    });
}

describe('item wording check (no 5 consecutive words of a published PID-5 item)', () => {
  it('reproduces the checker’s normalisation and hashing', () => {
    expect(toWords("It’s a well-known, 3rd-rate Café!\tDon't")).toEqual([
      'its',
      'a',
      'well',
      'known',
      'rd',
      'rate',
      'caf',
      'dont',
    ]);
    // Computed with shared/tools/check-item-wording.mjs's own fingerprint function.
    expect(fingerprintOf('the quick brown fox jumps')).toBe('a6cf3739ed291f999b00');
  });

  it('reproduces the checker’s German normalisation and hashing', () => {
    expect(toGermanWords('Über Größe, Straße und Café – déjà vu!')).toEqual([
      'ueber',
      'groesse',
      'strasse',
      'und',
      'cafe',
      'deja',
      'vu',
    ]);
    expect(fingerprintOf('the quick brown fox jumps', 'pid5-de-5gram')).toBe(
      createHash('sha256').update('pid5-de-5gram:the quick brown fox jumps').digest('hex').slice(0, 20),
    );
  });

  it('reads the fingerprint fixtures (English and German)', () => {
    expect(fingerprintFile.n_items).toBe(220);
    expect(publishedFingerprints.size).toBe(1214);
    expect(germanFingerprintFile.n_items).toBe(220);
    expect(germanFingerprintFile.about).toContain('German');
    expect(publishedGermanFingerprints.size).toBe(1300);
    for (const hash of [...publishedFingerprints, ...publishedGermanFingerprints]) {
      expect(hash).toMatch(/^[0-9a-f]{20}$/);
    }
  });

  it('reports an item whose words hit a fingerprint, naming the item and the run', () => {
    // A made-up sentence stands in for published wording: its run is added to a copy of the list.
    const madeUp = 'Our lighthouse keeper paints pebbles blue on Sundays.';
    const fingerprints = new Set([...publishedFingerprints, fingerprintOf('lighthouse keeper paints pebbles blue')]);
    const items = demoJson.items.map((item) => (item.number === 17 ? { number: 17, text: madeUp } : item));

    expect(findOverlaps('copy of the demo set', items, { ...ENGLISH, fingerprints })).toEqual([
      { file: 'copy of the demo set', item: 17, runs: ['lighthouse keeper paints pebbles blue'] },
    ]);
    expect(findOverlaps('copy of the demo set', items, ENGLISH)).toEqual([]);
  });

  it('reports a German item whose written-out words hit a German fingerprint', () => {
    const madeUp = 'Unser Leuchtturmwärter malt Kieselsteine sonntags blau an.';
    const german = {
      ...GERMAN,
      fingerprints: new Set([
        ...publishedGermanFingerprints,
        fingerprintOf('leuchtturmwaerter malt kieselsteine sonntags blau', 'pid5-de-5gram'),
      ]),
    };
    const items = demoDeJson.items.map((item) => (item.number === 17 ? { number: 17, text: madeUp } : item));

    expect(findOverlaps('copy of the German demo set', items, german)).toEqual([
      { file: 'copy of the German demo set', item: 17, runs: ['leuchtturmwaerter malt kieselsteine sonntags blau'] },
    ]);
    expect(findOverlaps('copy of the German demo set', items, GERMAN)).toEqual([]);
  });

  const itemSetFiles = findItemSetFiles();

  it('finds the repository’s item sets by their shape', () => {
    expect(itemSetFiles.map((set) => set.file)).toContain('packages/instrument/src/data/demo-item-set.json');
    expect(itemSetFiles).toContainEqual(
      expect.objectContaining({ file: 'packages/instrument/src/data/demo-item-set-de.json', language: 'de' }),
    );
  });

  // Each set against the published wording of its own language, and against the other as well (a German set may
  // quote English, and the other way round).
  it.each(itemSetFiles.map((set) => [set.file, set] as const))('%s shares no 5-word run', (_file, set) => {
    const [own, other] = set.language.startsWith('de') ? [GERMAN, ENGLISH] : [ENGLISH, GERMAN];
    expect(findOverlaps(set.file, set.items, own)).toEqual([]);
    expect(findOverlaps(set.file, set.items, other)).toEqual([]);
  });

  const ownTextFiles = findOwnTextFiles();

  it('finds our own scale texts (the report texts)', () => {
    expect(ownTextFiles.map((set) => set.file)).toContain('apps/server/src/reports/report-wording.ts');
    const reportTexts = ownTextFiles.find((set) => set.file === 'apps/server/src/reports/report-wording.ts');
    expect(reportTexts?.items.length).toBeGreaterThan(100);
  });

  it.each(ownTextFiles.map((set) => [set.file, set] as const))('%s shares no 5-word run', (_file, set) => {
    expect(findOverlaps(set.file, set.items, ENGLISH)).toEqual([]);
    expect(findOverlaps(set.file, set.items, GERMAN)).toEqual([]);
  });
});
