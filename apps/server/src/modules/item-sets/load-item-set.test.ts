import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoItemSet } from '@pid5/instrument';
import { DataFileError } from '../../lib/read-json-file';
import { loadItemSet } from './load-item-set';

const dir = mkdtempSync(join(tmpdir(), 'item-set-'));

function writeJson(name: string, content: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const validSet = {
  id: 'institute-de-1',
  title: 'Licensed German items',
  language: 'de',
  source: 'Licensed from the publisher',
  licenceNote: 'For use by the institute only',
  answerLabels: ['Trifft gar nicht zu', 'Trifft eher nicht zu', 'Trifft eher zu', 'Trifft genau zu'],
  items: Array.from({ length: 220 }, (_, i) => ({ number: 220 - i, text: `Aussage ${220 - i}` })),
};

describe('loadItemSet', () => {
  it('uses the demonstration set when no file is configured, with the spec answer labels', () => {
    const itemSet = loadItemSet({ file: undefined });
    expect(itemSet.id).toBe(demoItemSet.id);
    expect(itemSet.isDemo).toBe(true);
    expect(itemSet.items).toHaveLength(220);
    expect(itemSet.answerLabels).toEqual([
      'Very False or Often False',
      'Sometimes or Somewhat False',
      'Sometimes or Somewhat True',
      'Very True or Often True',
    ]);
  });

  it("loads an institute's file (any order, its own answer labels), sorted by item number", () => {
    const itemSet = loadItemSet({ file: writeJson('valid.json', validSet) });
    expect(itemSet).toMatchObject({ id: 'institute-de-1', language: 'de', isDemo: false });
    expect(itemSet.answerLabels[3]).toBe('Trifft genau zu');
    expect(itemSet.items[0]).toEqual({ number: 1, text: 'Aussage 1' });
    expect(itemSet.items[219]).toEqual({ number: 220, text: 'Aussage 220' });
  });

  it('accepts a file saved with a byte-order mark', () => {
    const file = writeJson('bom.json', `\uFEFF${JSON.stringify(validSet)}`);
    expect(loadItemSet({ file }).id).toBe('institute-de-1');
  });

  it('refuses a missing file, naming it', () => {
    const file = join(dir, 'nope.json');
    expect(() => loadItemSet({ file })).toThrow(DataFileError);
    expect(() => loadItemSet({ file })).toThrow(`ITEM_SET_FILE ${file}: cannot read the item set (file not found)`);
  });

  it('refuses a file that is not JSON', () => {
    const file = writeJson('broken.json', '{ "id": ');
    expect(() => loadItemSet({ file })).toThrow(/^ITEM_SET_FILE .*broken\.json: not valid JSON/);
  });

  it('refuses a malformed item set, naming the problems', () => {
    const items = validSet.items
      .filter((item) => item.number !== 17)
      .map((item) => (item.number === 3 ? { ...item, text: '' } : item));
    const file = writeJson('bad.json', { ...validSet, items });
    expect(() => loadItemSet({ file })).toThrow(
      /ITEM_SET_FILE .*bad\.json: Invalid item set: .*item 3: text is empty.*missing item 17/,
    );
  });
});
