import { readFileSync } from 'node:fs';
import { ANSWER_LABELS, ANSWER_VALUES, demoItemSet, ItemSetError, parseItemSet, type ItemSet } from '@pid5/instrument';

/** The item set the server shows patients: the institute's licensed file, or our demonstration set. */
export interface ActiveItemSet extends ItemSet {
  /** The set's own answer labels, or the spec's English labels (spec §3, "Answer values"). */
  readonly answerLabels: readonly string[];
  readonly isDemo: boolean;
}

/** Thrown at start-up when ITEM_SET_FILE cannot be used; the message names the file and the problems. */
export class ItemSetLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ItemSetLoadError';
  }
}

function withAnswerLabels(itemSet: ItemSet, isDemo: boolean): ActiveItemSet {
  return {
    ...itemSet,
    answerLabels: itemSet.answerLabels ?? ANSWER_VALUES.map((value) => ANSWER_LABELS[value]),
    isDemo,
  };
}

/**
 * Loads the active item set once at start-up (DESIGN.md §6). With no file, the demonstration set from
 * packages/instrument; with ITEM_SET_FILE, that JSON file validated with the instrument's `parseItemSet`,
 * refusing to start (with every problem named) rather than showing patients a broken questionnaire.
 */
export function loadItemSet(options: { file: string | undefined }): ActiveItemSet {
  const { file } = options;
  if (file === undefined) {
    return withAnswerLabels(demoItemSet, true);
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : (error as Error).message;
    throw new ItemSetLoadError(`ITEM_SET_FILE ${file}: cannot read the item set (${reason})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ItemSetLoadError(`ITEM_SET_FILE ${file}: not valid JSON (${(error as Error).message})`);
  }
  try {
    return withAnswerLabels(parseItemSet(json), false);
  } catch (error) {
    if (error instanceof ItemSetError) {
      throw new ItemSetLoadError(`ITEM_SET_FILE ${file}: ${error.message}`);
    }
    throw error;
  }
}
