import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@pid5/i18n';
import { listDefaultDocuments } from './default-documents';

describe('the default documents', () => {
  it('are terms and consent in every language the product speaks, read from their files', () => {
    const found = listDefaultDocuments().map((d) => `${d.kind}.${d.language}`);
    expect(found.sort()).toEqual(LANGUAGES.flatMap((l) => [`consent.${l}`, `terms.${l}`]).sort());
    const german = listDefaultDocuments().find((d) => d.kind === 'consent' && d.language === 'de');
    expect(german?.html).toMatch(/^<h2>Bevor Sie beginnen<\/h2>/);
  });

  it('skip a file of a language the product does not speak', () => {
    const dir = mkdtempSync(join(tmpdir(), 'default-documents-'));
    writeFileSync(join(dir, 'terms.en.html'), '<p>Terms</p>\n');
    writeFileSync(join(dir, 'terms.xx.html'), '<p>?</p>\n');
    writeFileSync(join(dir, 'notes.txt'), 'not a document');
    expect(listDefaultDocuments(pathToFileURL(`${dir}/`))).toEqual([
      { kind: 'terms', language: 'en', html: '<p>Terms</p>' },
    ]);
  });
});
