import type { TAssessmentResults } from '@pid5/contract';
import type { PageFooter } from '../drawing/footer';
import { FOOTER_NOTICE } from '../report-wording';

function itemSetText(results: TAssessmentResults): string {
  const { id, title } = results.itemSet;
  if (id === null) {
    return 'not recorded';
  }
  return title ? `${title} (${id})` : id;
}

/** Every page's footer: the copyright line, the designated-use notice, the item set and both norm sets. */
export function profileFooter(footer: {
  results: TAssessmentResults;
  instituteName: string;
  copyrightYear: number;
}): PageFooter {
  const { srf, irf } = footer.results.norms;
  const usedLine =
    `Items: ${itemSetText(footer.results)}. Norms: ${srf.shortLabel} (${srf.citation}); ` +
    `${irf.shortLabel} (${irf.citation}).`;
  return { title: `\u00a9 ${footer.copyrightYear} ${footer.instituteName}`, lines: [FOOTER_NOTICE, usedLine] };
}
