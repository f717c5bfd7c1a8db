import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@pid5/i18n';
import { FORM_IDS, FORM_NAME_KEYS, VALIDITY_STATUS_KEYS, validityWording } from '@pid5/instrument';
import { translator } from '../../i18n/translator';
import { cellTextWidth } from '../drawing/table';
import { createReportDocument } from '../report-document';
import { VALIDITY_COLUMN_WIDTHS } from './validity';
import { VALIDITY_TABLE_HEADER_KEYS } from './score-report-wording';

describe('the score report validity table', () => {
  it.each(LANGUAGES)('sets every status on one line, in bold too, in %s (no word broken in two)', (language) => {
    const t = translator(language);
    const doc = createReportDocument({ size: 'A4' }, () => []);
    const statusWidth = VALIDITY_COLUMN_WIDTHS[VALIDITY_TABLE_HEADER_KEYS.indexOf('scoreReport.validityTable.status')]!;
    const room = cellTextWidth(statusWidth);
    for (const font of ['condensed', 'condensedBold']) {
      doc.font(font).fontSize(8);
      for (const key of Object.values(VALIDITY_STATUS_KEYS)) {
        expect(doc.widthOfString(t(key)), `${t(key)} (${font})`).toBeLessThanOrEqual(room);
      }
    }
  });

  it.each(LANGUAGES)("breaks no word of an indicator's name in %s (German's long compounds)", (language) => {
    const doc = createReportDocument({ size: 'A4' }, () => []);
    const room = cellTextWidth(VALIDITY_COLUMN_WIDTHS[0]!);
    doc.font('condensedBold').fontSize(8);
    for (const scale of Object.values(validityWording(language).scales)) {
      for (const word of scale.name.split(/\s+/)) {
        expect(doc.widthOfString(word), word).toBeLessThanOrEqual(room);
      }
    }
  });

  it.each(LANGUAGES)('quotes the answers in %s as the answer legend words them', (language) => {
    const t = translator(language);
    const keys = [
      'scoreReport.answer.0',
      'scoreReport.answer.1',
      'scoreReport.answer.2',
      'scoreReport.answer.3',
    ] as const;
    expect(validityWording(language).words.answers).toEqual(keys.map((key) => t(key)));
    // The forms in its sentences are the forms' names of the catalogue area `results`.
    for (const form of FORM_IDS) {
      expect(validityWording(language).words.formNames[form].toLowerCase()).toBe(t(FORM_NAME_KEYS[form]).toLowerCase());
    }
  });
});
