import type { TAssessmentResults, TDomainResult, TFacetResult } from '@pid5/contract';
import { levelKey, scaleNameKey } from '@pid5/instrument';
import { CONTENT_WIDTH, ensureSpace } from '../drawing/page';
import { COLOR } from '../drawing/style';
import { countRowsThatFit, drawTable, type CellLine, type TableColumn, type TableRow } from '../drawing/table';
import { paragraph, sectionHeading } from '../drawing/text-blocks';
import type { ReportWording, TraitText } from '../report-wording';

type Doc = PDFKit.PDFDocument;

/** The heading, the introduction and about four rows. */
const NAVIGATING_START_ROOM = 260;
type PatientFacingLevels = TAssessmentResults['validityVerdict']['patientFacingLevels'];

interface TraitRow {
  name: string;
  kind: 'Domain' | 'Facet';
  scale: TFacetResult | TDomainResult;
  text: TraitText;
}

/** The five domains, then the 25 facets in alphabetical order of their names in the report's language. */
function traitRows(results: TAssessmentResults, words: ReportWording): TraitRow[] {
  const domains = results.domains.map((scale): TraitRow => ({
    name: words.t(scaleNameKey(scale.key)),
    kind: 'Domain',
    scale,
    text: textFor(words.domainTexts, scale.key),
  }));
  const facets = results.facets
    .map((scale): TraitRow => ({
      name: words.t(scaleNameKey(scale.key)),
      kind: 'Facet',
      scale,
      text: textFor(words.facetTexts, scale.key),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, words.language));
  return [...domains, ...facets];
}

function textFor(texts: Readonly<Record<string, TraitText>>, key: string): TraitText {
  const text = texts[key];
  if (!text) {
    throw new Error(`No report text for ${key}`);
  }
  return text;
}

export const TRAIT_NAME_WIDTH = CONTENT_WIDTH * 0.23;
const TRAIT_DIFFICULTY_WIDTH = CONTENT_WIDTH * 0.385;
function traitColumns(words: ReportWording): readonly TableColumn[] {
  return [
    { header: words.t('report.navigating.trait'), width: TRAIT_NAME_WIDTH },
    { header: words.t('report.navigating.difficulties'), width: TRAIT_DIFFICULTY_WIDTH },
    {
      header: words.t('report.navigating.strengths'),
      width: CONTENT_WIDTH - TRAIT_NAME_WIDTH - TRAIT_DIFFICULTY_WIDTH,
    },
  ];
}

/** The patient-facing level words follow the validity verdict: shown, marked with the caution, or withheld. */
function traitCells(row: TraitRow, patientFacingLevels: PatientFacingLevels, words: ReportWording): TableRow {
  const nameCell: CellLine[] = [
    { text: row.name, font: 'condensedBold' },
    {
      text: words.t(row.kind === 'Domain' ? 'report.table.domain' : 'report.table.facet'),
      size: 7,
      color: COLOR.muted,
    },
  ];
  if (row.scale.level && patientFacingLevels !== 'withhold') {
    const level = words.t(levelKey(row.scale));
    nameCell.push({
      text: words.t('report.navigating.yourLevel', {
        level: patientFacingLevels === 'show-marked' ? words.t('report.levelCaution', { level }) : level,
      }),
      font: 'condensedBold',
      size: 7,
      color: COLOR.elevated,
    });
  }
  return [nameCell, [{ text: row.text.difficulties }], [{ text: row.text.strengths }]];
}

/**
 * 'Navigating Challenges and Harnessing Potential'. docs/product-spec.md §2: a first table, then after a page break a second one
 * that covers at least Perceptual Dysregulation to Withdrawal. The first takes the domains and as many facets as fit
 * on its page, up to (not including) Perceptual Dysregulation; the second starts on a new page with the rest. So no
 * page is left mostly empty between them.
 */
export function drawNavigating(doc: Doc, results: TAssessmentResults, words: ReportWording): void {
  // The heading, its introduction and a few rows together, or a new page.
  doc.moveDown(0.8);
  ensureSpace(doc, NAVIGATING_START_ROOM);
  sectionHeading(doc, words.sectionTitles.navigating);
  paragraph(doc, words.navigatingIntro);
  doc.moveDown(0.4);
  const rows = traitRows(results, words);
  const columns = traitColumns(words);
  const secondStartsBy = rows.findIndex((row) => row.kind === 'Facet' && row.scale.key === 'Prc');
  const cells = rows.map((row) => traitCells(row, results.validityVerdict.patientFacingLevels, words));
  if (secondStartsBy < 0) {
    // The brief form: five domains, no facets, one table.
    drawTable(doc, columns, cells);
    return;
  }
  const split = countRowsThatFit(doc, columns, cells, secondStartsBy);
  drawTable(doc, columns, cells.slice(0, split));
  doc.addPage();
  drawTable(doc, columns, cells.slice(split));
}
