import type {
  TAmpdResult,
  TAssessmentResults,
  TBfmResult,
  TBfmUnavailable,
  TGermanNormGroup,
  TGermanNormReading,
} from '@pid5/contract';
import {
  AMPD_WORD_KEYS,
  BFM_WORD_KEYS,
  GERMAN_NORM_FALLBACK_REASON_KEYS,
  GERMAN_NORM_WORD_KEYS,
  LEVEL_KEYS,
  ampdUnavailableKey,
  bfmUnavailableKey,
  germanGroupKey,
  type AmpdDisorderKey,
  type BfmDomainKey,
  type GermanNormCellId,
} from '@pid5/instrument';
import type { MessageKey, Translate } from '../../i18n/translator';
import { CONTENT_WIDTH, ensureSpace, MARGIN } from '../drawing/page';
import { COLOR } from '../drawing/style';
import { drawTable, type CellLine, type TableColumn } from '../drawing/table';
import { caption, paragraph, sectionHeading } from '../drawing/text-blocks';
import { decimalIn, formatScoreIn, type ScoreWording } from './score-report-wording';

// The German T as published, the ICD-11 trait domains (PID5BF+M) and the AMPD trait profiles in the clinician's
// score report (docs/decisions/0073-german-norms-as-published.md, 0074, 0075), from the results API's shape alone: the section of the ICD-11
// trait domains is drawn from a PID5BF+M reading, whether of a full-form test or of a PID5BF+M test.

type Doc = PDFKit.PDFDocument;

/** "German women aged 35-49", or "German adults" and why. */
export function germanGroupText(t: Translate, group: TGermanNormGroup): string {
  const name = t(germanGroupKey({ gender: group.gender, ageGroup: group.ageGroup } as GermanNormCellId));
  // A phrase, not sentences: it stands inside the reports' sentences ("…, for German adults (gender not given); …").
  const reasons = group.fallbacks.map((fallback) => t(GERMAN_NORM_FALLBACK_REASON_KEYS[fallback]));
  return reasons.length === 0 ? name : `${name} (${reasons.join('; ')})`;
}

/** A German T with its interval as the report prints it: "72.0 (63.8–75.5)" ("72,0 (63,8–75,5)" in German). */
export function germanTText(words: ScoreWording, de: TGermanNormReading | null | undefined): string {
  if (!de) {
    return '—';
  }
  return decimalIn(words.language, `${de.tText} (${de.intervalText})`);
}

/** The cell of a German T: the T with its interval, and the extrapolation flag as such on a line of its own. */
export function germanTCell(words: ScoreWording, de: TGermanNormReading | null | undefined): CellLine[] {
  if (!de) {
    return [{ text: '—' }];
  }
  // The interval under the T, so the column stays narrow beside the US columns.
  const lines: CellLine[] = [
    { text: decimalIn(words.language, de.tText) },
    { text: decimalIn(words.language, `(${de.intervalText})`), color: COLOR.muted, size: 6.5 },
  ];
  if (de.extrapolated) {
    lines.push({ text: words.t('results.deNorms.extrapolatedShort'), color: COLOR.muted, size: 6.5 });
  }
  return lines;
}

export function germanPercentileText(words: ScoreWording, de: TGermanNormReading | null | undefined): string {
  return de ? decimalIn(words.language, de.percentileText) : '—';
}

const BFM_WIDTHS = [190, 60, 60, 100];

/**
 * The six ICD-11 trait domains (and the total) with German T and interval only: no US norms exist, and the page
 * says so. A form that cannot give them says why (the short and brief forms).
 */
export function drawIcd11TraitDomains(
  doc: Doc,
  input: {
    bfm: TBfmResult | null | undefined;
    unavailable: TBfmUnavailable | null | undefined;
    form: TAssessmentResults['form'] | 'BFM';
  },
  words: ScoreWording,
): void {
  const { t } = words;
  const unavailableKey = bfmUnavailableKey(input.form);
  const { bfm, unavailable } = input;
  if (!bfm && !(unavailable && unavailableKey)) {
    return;
  }
  ensureSpace(doc, bfm ? 200 : 60);
  sectionHeading(doc, t(BFM_WORD_KEYS.title));
  if (!bfm) {
    paragraph(
      doc,
      t(unavailableKey as MessageKey, { present: unavailable?.present ?? 0, needed: unavailable?.needed ?? 36 }),
    );
    doc.moveDown(0.6);
    return;
  }
  doc.font('bold').fontSize(8.5).fillColor(COLOR.text);
  doc.text(t(BFM_WORD_KEYS.caveat), MARGIN.left, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.4);
  const headers = [
    t('results.traitModels.col.scale'),
    t('results.traitModels.col.score'),
    t('results.traitModels.col.usT'),
    t('scoreReport.scoresTable.deT'),
    t('scoreReport.scoresTable.dePercentile'),
  ];
  const columns: TableColumn[] = headers.map((header, i) => ({
    header,
    width: BFM_WIDTHS[i] ?? CONTENT_WIDTH - BFM_WIDTHS.reduce((a, b) => a + b, 0),
    align: i === 0 ? 'left' : 'right',
  }));
  const rows = [...bfm.domains, { ...bfm.total, key: 'Total' }].map((scale) => [
    [
      {
        text:
          scale.key === 'Total'
            ? t(BFM_WORD_KEYS.total)
            : t(BFM_WORD_KEYS.domain[scale.key as BfmDomainKey] as MessageKey),
        font: scale.key === 'Total' ? ('condensed' as const) : ('condensedBold' as const),
      },
    ],
    [{ text: formatScoreIn(words.language, scale.score) }],
    [{ text: t('results.bfm.noUsT'), color: COLOR.muted }],
    germanTCell(words, scale.de),
    [{ text: germanPercentileText(words, scale.de) }],
  ]);
  drawTable(doc, columns, rows);
  caption(
    doc,
    [
      t(BFM_WORD_KEYS.noUsNorms),
      bfm.administeredAs === 'FULL' ? t(BFM_WORD_KEYS.fromFullForm) : '',
      `${germanGroupText(t, bfm.group)}.`,
      t(GERMAN_NORM_WORD_KEYS.note),
      t(GERMAN_NORM_WORD_KEYS.source),
    ]
      .filter(Boolean)
      .join(' '),
  );
  doc.moveDown(0.6);
}

const AMPD_WIDTHS = [136, 62, 62, 150];

/** The threshold in words: "the Moderate level". */
export function ampdThresholdText(t: Translate, threshold: TAmpdResult['threshold']): string {
  return threshold.level
    ? t(AMPD_WORD_KEYS.thresholdLevel, { level: t(LEVEL_KEYS[threshold.level]) })
    : t(AMPD_WORD_KEYS.thresholdPercentile, { percentile: Math.round(threshold.percentileAtLeast * 100) });
}

/** The trait rule of a profile in words (Criterion B only). */
export function ampdRuleText(t: Translate, profile: TAmpdResult['profiles'][number]): string {
  return profile.traitRule === 'undetermined'
    ? t(AMPD_WORD_KEYS.traitRule.undetermined as MessageKey, { count: profile.unscoredFacets.length })
    : t(AMPD_WORD_KEYS.traitRule[profile.traitRule] as MessageKey);
}

/**
 * The six AMPD trait profiles: mean T of the assigned facets (US, German beside it), the count at or above the
 * threshold with the manual's minimum and required facets, the trait rule; labelled Criterion B only, never a
 * diagnosis. The brief form says why it has none.
 */
export function drawAmpdProfiles(
  doc: Doc,
  input: { ampd: TAmpdResult | null | undefined; form: TAssessmentResults['form'] | 'BFM' },
  words: ScoreWording,
): void {
  const { t, language } = words;
  const unavailableKey = ampdUnavailableKey(input.form);
  const { ampd } = input;
  if (!ampd && !unavailableKey) {
    return;
  }
  ensureSpace(doc, ampd ? 220 : 60);
  sectionHeading(doc, t(AMPD_WORD_KEYS.title));
  if (!ampd) {
    paragraph(doc, t(unavailableKey as MessageKey));
    doc.moveDown(0.6);
    return;
  }
  doc.font('bold').fontSize(8.5).fillColor(COLOR.elevated);
  doc.text(t(AMPD_WORD_KEYS.caveat), MARGIN.left, doc.y, { width: CONTENT_WIDTH });
  doc.fillColor(COLOR.text);
  doc.moveDown(0.4);
  const threshold = ampdThresholdText(t, ampd.threshold);
  const headers = [
    t('results.ampd.col.disorder'),
    t('results.ampd.col.meanUsT'),
    t('results.ampd.col.meanDeT'),
    t('results.ampd.col.count'),
    t('results.ampd.col.rule'),
  ];
  const columns: TableColumn[] = headers.map((header, i) => ({
    header,
    width: AMPD_WIDTHS[i] ?? CONTENT_WIDTH - AMPD_WIDTHS.reduce((a, b) => a + b, 0),
    align: i === 1 || i === 2 ? 'right' : 'left',
  }));
  const mean = (value: number | null, lowerBound = false) =>
    value === null ? '—' : decimalIn(language, `${lowerBound ? '≥ ' : ''}${value.toFixed(1)}`);
  const rows = ampd.profiles.map((profile) => [
    [
      {
        text: t(AMPD_WORD_KEYS.disorder[profile.key as AmpdDisorderKey] as MessageKey),
        font: 'condensedBold' as const,
      },
      {
        text: profile.facets
          .map(
            (f) =>
              `${f.key}${f.isRequired ? '*' : ''}${f.atOrAboveThreshold ? ' ≥' : ''}${f.atOrAboveThreshold === null ? ' —' : ''}`,
          )
          .join(', '),
        color: COLOR.muted,
        size: 6.5,
      },
    ],
    [{ text: mean(profile.meanUsT, profile.meanUsTIsLowerBound) }],
    [
      { text: mean(profile.meanDeT) },
      ...(profile.meanDeT !== null && profile.meanDeTIncludesExtrapolated
        ? [{ text: t('results.deNorms.extrapolatedShort'), color: COLOR.muted, size: 6.5 }]
        : []),
    ],
    [
      { text: t(AMPD_WORD_KEYS.count, { count: profile.countAtOrAbove, total: profile.assignedCount, threshold }) },
      {
        text: [
          t(AMPD_WORD_KEYS.criterion, { minimum: profile.minimumCount, total: profile.assignedCount }),
          ...profile.required.map((r) => t(AMPD_WORD_KEYS.required, { facets: r.anyOf.join('/') })),
        ].join(' '),
        color: COLOR.muted,
        size: 6.5,
      },
    ],
    [
      {
        text: ampdRuleText(t, profile),
        font: profile.traitRule === 'reached' ? ('condensedBold' as const) : ('condensed' as const),
      },
    ],
  ]);
  drawTable(doc, columns, rows);
  caption(
    doc,
    [
      t('results.ampd.facetsLegend'),
      t('results.ampd.thresholdNote', {
        threshold,
        norms: ampd.threshold.norms,
        percentile: Math.round(ampd.threshold.percentileAtLeast * 100),
      }),
      t(AMPD_WORD_KEYS.noShareOfSample),
    ].join(' '),
  );
  doc.moveDown(0.6);
}
