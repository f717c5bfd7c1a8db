import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fingerprintFile from '../test-fixtures/pid5-published-5gram-fingerprints.json' with { type: 'json' };
import demoJson from './data/demo-item-set.json' with { type: 'json' };

// The published PID-5 wording is copyrighted: no item set in this repository may share a run of 5
// consecutive words with a published item. The check compares fingerprints (hashes of 5-word runs,
// test-fixtures/NOTES.md), never the wording, exactly as shared/tools/check-item-wording.mjs does.

const RUN_LENGTH = 5;
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const publishedFingerprints: ReadonlySet<string> = new Set(fingerprintFile.hashes);

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

function fingerprintOf(run: string): string {
  return createHash('sha256').update(`pid5-5gram:${run}`).digest('hex').slice(0, 20);
}

/** The item's own runs of 5 words whose fingerprint is in the list. */
function findSharedRuns(text: string, fingerprints: ReadonlySet<string>): string[] {
  const words = toWords(text);
  const runs: string[] = [];
  for (let i = 0; i + RUN_LENGTH <= words.length; i++) {
    const run = words.slice(i, i + RUN_LENGTH).join(' ');
    if (fingerprints.has(fingerprintOf(run))) {
      runs.push(run);
    }
  }
  return runs;
}

function findOverlaps(file: string, items: readonly ItemText[], fingerprints: ReadonlySet<string>): Overlap[] {
  return items
    .map(({ number, text }) => ({ file, item: number, runs: findSharedRuns(text, fingerprints) }))
    .filter((overlap) => overlap.runs.length > 0);
}

/** The item-set shape (ZItemSet's core): an object whose `items` are `{ number, text }`. */
function isItemSetShaped(json: unknown): json is { items: ItemText[] } {
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
function findItemSetFiles(): { file: string; items: ItemText[] }[] {
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
      return isItemSetShaped(json) ? [{ file, items: json.items }] : [];
    });
}

/**
 * Our own texts that describe the scales to patients and clinicians (report texts, level words): every file
 * named `*-texts.ts`, or `*-texts.json`, each string literal as one text (literals joined by `+` are one text).
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
      '*-texts.ts',
      '*-wording.ts',
      '*-texts.json',
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

  it('reads the fingerprint fixture', () => {
    expect(fingerprintFile.n_items).toBe(220);
    expect(publishedFingerprints.size).toBe(1214);
    for (const hash of publishedFingerprints) {
      expect(hash).toMatch(/^[0-9a-f]{20}$/);
    }
  });

  it('reports an item whose words hit a fingerprint, naming the item and the run', () => {
    // A made-up sentence stands in for published wording: its run is added to a copy of the list.
    const madeUp = 'Our lighthouse keeper paints pebbles blue on Sundays.';
    const fingerprints = new Set([...publishedFingerprints, fingerprintOf('lighthouse keeper paints pebbles blue')]);
    const items = demoJson.items.map((item) => (item.number === 17 ? { number: 17, text: madeUp } : item));

    expect(findOverlaps('copy of the demo set', items, fingerprints)).toEqual([
      { file: 'copy of the demo set', item: 17, runs: ['lighthouse keeper paints pebbles blue'] },
    ]);
    expect(findOverlaps('copy of the demo set', items, publishedFingerprints)).toEqual([]);
  });

  const itemSetFiles = findItemSetFiles();

  it('finds the repository’s item sets by their shape', () => {
    expect(itemSetFiles.map((set) => set.file)).toContain('packages/instrument/src/data/demo-item-set.json');
  });

  it.each(itemSetFiles.map((set) => [set.file, set] as const))('%s shares no 5-word run', (_file, set) => {
    expect(findOverlaps(set.file, set.items, publishedFingerprints)).toEqual([]);
  });

  const ownTextFiles = findOwnTextFiles();

  it('finds our own scale texts (the report texts)', () => {
    expect(ownTextFiles.map((set) => set.file)).toContain('apps/server/src/reports/report-wording.ts');
    expect(ownTextFiles.find((set) => set.file.endsWith('report-wording.ts'))?.items.length).toBeGreaterThan(100);
  });

  it.each(ownTextFiles.map((set) => [set.file, set] as const))('%s shares no 5-word run', (_file, set) => {
    expect(findOverlaps(set.file, set.items, publishedFingerprints)).toEqual([]);
  });
});
