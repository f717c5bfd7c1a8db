import type { TAssessmentResults, TDomainResult, TFacetResult } from '@pid5/contract';
import { CONTENT_WIDTH, ensureSpace } from '../drawing/page';
import { COLOR } from '../drawing/style';
import { countRowsThatFit, drawTable, type CellLine, type TableColumn, type TableRow } from '../drawing/table';
import { paragraph, sectionHeading } from '../drawing/text-blocks';
import { DOMAIN_TEXTS, FACET_TEXTS, NAVIGATING_INTRO, SECTION_TITLES, type TraitText } from '../report-wording';

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

/** The five domains, then the 25 facets in alphabetical order of their names. */
function traitRows(results: TAssessmentResults): TraitRow[] {
  const domains = results.domains.map((scale): TraitRow => ({
    name: scale.name,
    kind: 'Domain',
    scale,
    text: textFor(DOMAIN_TEXTS, scale.key),
  }));
  const facets = [...results.facets]
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
    .map((scale): TraitRow => ({ name: scale.name, kind: 'Facet', scale, text: textFor(FACET_TEXTS, scale.key) }));
  return [...domains, ...facets];
}

function textFor(texts: Readonly<Record<string, TraitText>>, key: string): TraitText {
  const text = texts[key];
  if (!text) {
    throw new Error(`No report text for ${key}`);
  }
  return text;
}

const TRAIT_NAME_WIDTH = CONTENT_WIDTH * 0.2;
const TRAIT_DIFFICULTY_WIDTH = CONTENT_WIDTH * 0.4;
const TRAIT_COLUMNS: readonly TableColumn[] = [
  { header: 'Trait', width: TRAIT_NAME_WIDTH },
  { header: 'Possible difficulties', width: TRAIT_DIFFICULTY_WIDTH },
  { header: 'Strengths', width: CONTENT_WIDTH - TRAIT_NAME_WIDTH - TRAIT_DIFFICULTY_WIDTH },
];

/** The patient-facing level words follow the validity verdict: shown, marked with the caution, or withheld. */
function traitCells(row: TraitRow, patientFacingLevels: PatientFacingLevels): TableRow {
  const nameCell: CellLine[] = [
    { text: row.name, font: 'condensedBold' },
    { text: row.kind, size: 7, color: COLOR.muted },
  ];
  if (row.scale.level && patientFacingLevels !== 'withhold') {
    const caution = patientFacingLevels === 'show-marked' ? ' (caution)' : '';
    nameCell.push({
      text: `Your level: ${row.scale.level}${caution}`,
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
export function drawNavigating(doc: Doc, results: TAssessmentResults): void {
  // The heading, its introduction and a few rows together, or a new page.
  doc.moveDown(0.8);
  ensureSpace(doc, NAVIGATING_START_ROOM);
  sectionHeading(doc, SECTION_TITLES.navigating);
  paragraph(doc, NAVIGATING_INTRO);
  doc.moveDown(0.4);
  const rows = traitRows(results);
  const secondStartsBy = rows.findIndex((row) => row.kind === 'Facet' && row.scale.key === 'Prc');
  const cells = rows.map((row) => traitCells(row, results.validityVerdict.patientFacingLevels));
  if (secondStartsBy < 0) {
    // The brief form: five domains, no facets, one table.
    drawTable(doc, TRAIT_COLUMNS, cells);
    return;
  }
  const split = countRowsThatFit(doc, TRAIT_COLUMNS, cells, secondStartsBy);
  drawTable(doc, TRAIT_COLUMNS, cells.slice(0, split));
  doc.addPage();
  drawTable(doc, TRAIT_COLUMNS, cells.slice(split));
}
