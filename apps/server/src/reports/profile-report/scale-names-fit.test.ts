import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@pid5/i18n';
import { SCALE_NAME_KEYS } from '@pid5/instrument';
import { translator } from '../../i18n/translator';
import { cellTextWidth } from '../drawing/table';
import { createReportDocument } from '../report-document';
import { TRAIT_NAME_WIDTH } from './navigating';
import { NAME_COLUMN_WIDTH } from './scale-table';

describe("the patient report's scale names", () => {
  it.each(LANGUAGES)(
    'sets every word of every scale name in %s on one line of its columns (no word broken)',
    (language) => {
      const t = translator(language);
      const doc = createReportDocument({ size: 'A4' }, () => []);
      doc.font('condensedBold').fontSize(8);
      const room = Math.min(cellTextWidth(NAME_COLUMN_WIDTH), cellTextWidth(TRAIT_NAME_WIDTH));
      for (const key of Object.values(SCALE_NAME_KEYS)) {
        for (const word of t(key).split(' ')) {
          expect(doc.widthOfString(word), `${language}: ${word}`).toBeLessThanOrEqual(room);
        }
      }
    },
  );
});
