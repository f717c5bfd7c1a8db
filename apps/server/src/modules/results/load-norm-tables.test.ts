import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { US_NORM_TABLES } from '@pid5/instrument';
import { describe, expect, it } from 'vitest';
import { DataFileError } from '../../lib/read-json-file';
import { loadNormTables } from './load-norm-tables';

const shipped = JSON.parse(
  readFileSync(new URL('../../../../../packages/instrument/src/data/pid5-norm-tables.json', import.meta.url), 'utf8'),
) as { tables: { FULL: Record<string, { rows: { raw: number; t: number; percentile: number }[] }> } };

function write(name: string, value: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'norm-tables-')), name);
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

describe('loadNormTables', () => {
  it('uses the shipped Markon et al. (2024) tables when NORM_TABLES_FILE is not set', () => {
    expect(loadNormTables({ file: undefined })).toBe(US_NORM_TABLES);
  });

  it("loads an institute's file in the shipped format, named by its own id, version and label", () => {
    const own = { ...shipped, id: 'institute-us', version: 'institute-us-2027-1', label: 'US norms (licensed copy)' };
    const tables = loadNormTables({ file: write('institute.json', own) });
    expect(tables).toMatchObject({
      id: 'institute-us',
      version: 'institute-us-2027-1',
      label: 'US norms (licensed copy)',
    });
    expect(tables.tables.FULL.Anh).toEqual(US_NORM_TABLES.tables.FULL.Anh);
  });

  it('refuses a file without its own id, version and label (a result must say which tables it used)', () => {
    expect(() => loadNormTables({ file: write('anonymous.json', shipped) })).toThrow(/id is missing/);
  });

  it('refuses a table whose T scores do not rise, naming the file and the scale', () => {
    const broken = structuredClone(shipped);
    const rows = broken.tables.FULL.Anh?.rows;
    if (!rows?.[0] || !rows[1]) {
      throw new Error('the shipped Anhedonia table has rows');
    }
    rows[1].t = rows[0].t - 1;
    const file = write('broken.json', broken);
    expect(() => loadNormTables({ file })).toThrow(DataFileError);
    expect(() => loadNormTables({ file })).toThrow(/^NORM_TABLES_FILE .*broken\.json: Invalid norm tables: .*Anh/);
  });

  it('refuses a missing file and a file that is not JSON', () => {
    expect(() => loadNormTables({ file: '/nonexistent/tables.json' })).toThrow(
      'NORM_TABLES_FILE /nonexistent/tables.json: cannot read the norm tables (file not found)',
    );
    expect(() => loadNormTables({ file: write('bad.json', '{') })).toThrow(/not valid JSON/);
  });
});
