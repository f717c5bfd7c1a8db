import { DataFileError, readJsonFile } from '../../lib/read-json-file';
import { ANSWER_LABELS, ANSWER_VALUES, demoItemSet, ItemSetError, parseItemSet, type ItemSet } from '@pid5/instrument';

/** The item set the server shows patients: the institute's licensed file, or our demonstration set. */
export interface ActiveItemSet extends ItemSet {
  /** The set's own answer labels, or the spec's English labels (docs/product-spec.md §3, "Answer values"). */
  readonly answerLabels: readonly string[];
  readonly isDemo: boolean;
}

function withAnswerLabels(itemSet: ItemSet, isDemo: boolean): ActiveItemSet {
  return {
    ...itemSet,
    answerLabels: itemSet.answerLabels ?? ANSWER_VALUES.map((value) => ANSWER_LABELS[value]),
    isDemo,
  };
}

/**
 * Loads the active item set once at start-up (DESIGN.md "Item texts"). With no file, the demonstration set from
 * packages/instrument; with ITEM_SET_FILE, that JSON file validated with the instrument's `parseItemSet`,
 * refusing to start (with every problem named) rather than showing patients a broken questionnaire.
 */
export function loadItemSet(options: { file: string | undefined }): ActiveItemSet {
  const { file } = options;
  if (file === undefined) {
    return withAnswerLabels(demoItemSet, true);
  }
  const json = readJsonFile({ setting: 'ITEM_SET_FILE', file, what: 'item set' });
  try {
    return withAnswerLabels(parseItemSet(json), false);
  } catch (error) {
    if (error instanceof ItemSetError) {
      throw new DataFileError(`ITEM_SET_FILE ${file}: ${error.message}`);
    }
    throw error;
  }
}
