import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareAdministrations, PID5_RELIABILITY, scoreResponses } from '@pid5/instrument';
import { describe, expect, it } from 'vitest';
import { createDemoResponses } from '@pid5/instrument';
import { DataFileError } from '../../lib/read-json-file';
import { loadReliability } from './load-reliability';

function write(value: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'reliability-')), 'reliability.json');
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

const own = {
  description: 'Our clinic',
  rule: 'Our own retest coefficients.',
  sources: [
    {
      id: 'clinic-retest',
      citation: 'Clinic retest study (internal report)',
      seenAt: 'internal report, table 2',
      form: 'FULL',
      kind: 'retest',
      sample: 'outpatients',
      n: 120,
      interval: '4 weeks',
      isUsed: true,
      notUsedReason: null,
      values: { Anx: 0.9 },
    },
  ],
};

describe('loadReliability', () => {
  it('uses the shipped cited coefficients when RELIABILITY_FILE is not set', () => {
    expect(loadReliability({ file: undefined })).toBe(PID5_RELIABILITY);
  });

  it("loads an institute's file, and a comparison then names its source on the scale", () => {
    const reliability = loadReliability({ file: write(own) });
    const first = scoreResponses(createDemoResponses({ seed: 1 }));
    const second = scoreResponses(createDemoResponses({ seed: 2 }));
    const anx = compareAdministrations(first, second, reliability).scales.find((s) => s.key === 'Anx');
    expect(anx?.reliableChange).toMatchObject({ r: 0.9, source: { id: 'clinic-retest', basis: 'scale' } });
  });

  it('refuses a malformed file, naming the setting, the file and each problem', () => {
    const broken = { ...own, sources: [{ ...own.sources[0], values: { Anx: 1.5, Total: 0.8 } }] };
    const file = write(broken);
    expect(() => loadReliability({ file })).toThrow(DataFileError);
    expect(() => loadReliability({ file })).toThrow(
      /^RELIABILITY_FILE .*reliability\.json: Invalid reliability data: /,
    );
  });
});
