import type { TAssessmentResults } from '@pid5/contract';
import type { Language } from '@pid5/i18n';
import {
  describeNormSet,
  describeShortFormNormSets,
  LEVEL_RULE,
  pid5Definition,
  US_NORM_TABLES,
} from '@pid5/instrument';
import { translator, type MessageKey, type Translate } from '../../i18n/translator';

// The words of the product's own norm sets and tables (their labels, samples and notes, and the level rule) in the
// reader's language: data in English (packages/instrument), our German in the catalogue area `score-report`. A text
// is translated only while it is the product's own, word for word; an institute's other tables, or data changed
// since, keep their own words. Citations and provenance (`source`) stay as published.

type Entry = readonly [english: string, key: MessageKey, values?: Readonly<Record<string, string>>];

function productEntries(): Entry[] {
  const srf = describeNormSet(pid5Definition, 'srf');
  const irf = describeNormSet(pid5Definition, 'irf');
  const entries: Entry[] = [
    [US_NORM_TABLES.label, 'scoreReport.normWords.tablesLabel'],
    [US_NORM_TABLES.sample, 'scoreReport.normWords.tablesSample'],
    [srf.shortLabel, 'scoreReport.normWords.usShortLabel'],
    [srf.label, 'scoreReport.normWords.usLabel'],
    [srf.note, 'scoreReport.normWords.usNote'],
    [irf.shortLabel, 'scoreReport.normWords.germanShortLabel'],
    [irf.label, 'scoreReport.normWords.germanLabel'],
    [irf.note, 'scoreReport.normWords.germanNote'],
    [LEVEL_RULE.rule, 'scoreReport.normWords.levelRule'],
    [LEVEL_RULE.normSet, 'scoreReport.normWords.levelNormSet'],
  ];
  for (const form of ['SF', 'BF'] as const) {
    const sets = describeShortFormNormSets(pid5Definition, form, US_NORM_TABLES.version);
    entries.push(
      [sets.srf.note, 'scoreReport.normWords.usNoteShortForms', { form }],
      [sets.irf.note, 'scoreReport.normWords.germanNoteShortForms'],
    );
  }
  return entries;
}

const ENTRIES: ReadonlyMap<string, Entry> = new Map(productEntries().map((entry) => [entry[0], entry]));

/** A norm text of the data in `language`: our translation of the product's own words, else the text as it is. */
export function normText(text: string, { t, language }: { t: Translate; language: Language }): string {
  const entry = language === 'en' ? undefined : ENTRIES.get(text);
  return entry ? t(entry[1], entry[2]) : text;
}

/** The norm sets' and tables' words a score report prints, in the reader's language. */
export function normWording(results: TAssessmentResults, words: { t: Translate; language: Language }) {
  const text = (value: string) => normText(value, words);
  return {
    levelRule: { rule: text(LEVEL_RULE.rule), normSet: text(LEVEL_RULE.normSet) },
    // The US sets and tables; null for the PID5BF+M, which has German norms only.
    us:
      results.norms && results.normTables
        ? {
            tables: {
              label: text(results.normTables.label),
              sample: text(results.normTables.sample),
              source: results.normTables.source,
            },
            srf: usSetWording(results.norms.srf, text),
            irf: usSetWording(results.norms.irf, text),
          }
        : null,
  };
}

function usSetWording<T extends { shortLabel: string; label: string; note: string }>(
  set: T,
  text: (v: string) => string,
): T {
  return { ...set, shortLabel: text(set.shortLabel), label: text(set.label), note: text(set.note) };
}

/** `results` with the norm sets' and tables' words in `language`, for a page that shows them as the server sends them. */
export function withNormWordingIn(results: TAssessmentResults, language: Language): TAssessmentResults {
  if (language === 'en') {
    return results;
  }
  const { us } = normWording(results, { t: translator(language), language });
  if (!us || !results.normTables) {
    return results;
  }
  return {
    ...results,
    normTables: { ...results.normTables, label: us.tables.label, sample: us.tables.sample },
    norms: { srf: us.srf, irf: us.irf },
  };
}
