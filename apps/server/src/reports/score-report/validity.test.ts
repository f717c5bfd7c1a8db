import { describe, expect, it } from 'vitest';
import { VALIDITY_STATUS_LABELS } from '@pid5/contract';
import { cellTextWidth } from '../drawing/table';
import { createReportDocument } from '../report-document';
import { VALIDITY_COLUMN_WIDTHS } from './validity';
import { VALIDITY_TABLE_HEADERS } from './score-report-wording';

describe('the score report validity table', () => {
  it('sets every status on one line, in bold too (no word broken in two)', () => {
    const doc = createReportDocument({ size: 'A4' }, () => []);
    const statusWidth = VALIDITY_COLUMN_WIDTHS[VALIDITY_TABLE_HEADERS.indexOf('Status')]!;
    const room = cellTextWidth(statusWidth);
    for (const font of ['condensed', 'condensedBold']) {
      doc.font(font).fontSize(8);
      for (const label of Object.values(VALIDITY_STATUS_LABELS)) {
        expect(doc.widthOfString(label), `${label} (${font})`).toBeLessThanOrEqual(room);
      }
    }
  });
});
