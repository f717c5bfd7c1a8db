import type { PageFooter } from '../drawing/footer';
import type { ReportWording } from '../report-wording';

/**
 * Every page's footer: the copyright line and the designated-use notice. The item set, norms and versions are the
 * score report's and the CSV dictionary's: nothing a patient can use.
 */
export function profileFooter(
  footer: { instituteName: string; copyrightYear: number },
  words: ReportWording,
): PageFooter {
  return {
    title: `\u00a9 ${footer.copyrightYear} ${footer.instituteName}`,
    lines: [words.footerNotice],
    pageText: (page, pages) => words.t('report.page', { page, pages }),
  };
}
