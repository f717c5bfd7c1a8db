import { DataFileError, readJsonFile } from '../../lib/read-json-file';
import { demoItemSetFor } from '../../i18n/language-files';
import { LANGUAGES, pickLanguage, type Language } from '@pid5/i18n';
import { ANSWER_LABELS, ANSWER_VALUES, demoItemSet, ItemSetError, parseItemSet, type ItemSet } from '@pid5/instrument';

/** An item set the server shows patients: an institute's licensed file, or one of our demonstration sets. */
export interface ActiveItemSet extends ItemSet {
  /** The set's own answer labels, or the spec's English labels (docs/product-spec.md §3, "Answer values"). */
  readonly answerLabels: readonly string[];
  readonly isDemo: boolean;
}

/**
 * The item sets loaded, one per language (DESIGN.md "Languages"): a test can be given only in a language of
 * `languages`, and `defaultLanguage` (DEFAULT_TEST_LANGUAGE) is always one of them.
 */
export interface ItemSets {
  /** The languages with an item set, in the product's order (LANGUAGES). */
  readonly languages: readonly Language[];
  readonly defaultLanguage: Language;
  /** No item set file is configured: patients see the demonstration items (not the questionnaire's wording). */
  readonly usesDemonstrationItems: boolean;
  /** The set of the default language: where no test names the language (the public FHIR questionnaires). */
  readonly default: ActiveItemSet;
  /** The set of `language`, or undefined when none is loaded for it. */
  get(language: Language): ActiveItemSet | undefined;
  /**
   * The set a test in `language` is shown in: its own, or, for a test made in a language whose set is no longer
   * configured, the default language's (so the test stays answerable).
   */
  forTest(language: Language): ActiveItemSet;
}

function withAnswerLabels(itemSet: ItemSet, isDemo: boolean): ActiveItemSet {
  return {
    ...itemSet,
    answerLabels: itemSet.answerLabels ?? ANSWER_VALUES.map((value) => ANSWER_LABELS[value]),
    isDemo,
  };
}

/**
 * Loads one item set file (DESIGN.md "Item texts"): that JSON file validated with the instrument's `parseItemSet`,
 * or, with no file, the English demonstration set. Throws a DataFileError naming `setting`, the file and every
 * problem of the set.
 */
export function loadItemSet(options: { file: string | undefined; setting?: string }): ActiveItemSet {
  const { file, setting = 'ITEM_SET_FILE' } = options;
  if (file === undefined) {
    return withAnswerLabels(demoItemSet, true);
  }
  const json = readJsonFile({ setting, file, what: 'item set' });
  try {
    return withAnswerLabels(parseItemSet(json), false);
  } catch (error) {
    if (error instanceof ItemSetError) {
      throw new DataFileError(`${setting} ${file}: ${error.message}`);
    }
    throw error;
  }
}

/**
 * Loads the item sets once at start-up (DESIGN.md "Languages"). With neither ITEM_SET_FILE nor ITEM_SET_FILES, our
 * demonstration sets, one per language that has one. Otherwise exactly the configured files: each of ITEM_SET_FILES for the
 * language it is listed under (its own `language` must agree, e.g. en-GB for en), and ITEM_SET_FILE for the language
 * its own `language` field names. Every file is validated in full, and the server refuses to start with one message
 * naming every problem of every file (and a DEFAULT_TEST_LANGUAGE without a set), rather than show patients a broken
 * questionnaire.
 */
export function loadItemSets(options: {
  file: string | undefined;
  files: readonly { language: Language; file: string }[];
  /** DEFAULT_TEST_LANGUAGE; null (unset): English, or the first language loaded when no English set is. */
  defaultLanguage: Language | null;
}): ItemSets {
  const loaded = new Map<Language, ActiveItemSet>();
  const problems: string[] = [];
  if (options.file === undefined && options.files.length === 0) {
    for (const language of LANGUAGES) {
      const demo = demoItemSetFor(language);
      if (demo) {
        loaded.set(language, withAnswerLabels(demo, true));
      }
    }
  }
  const attempt = (setting: string, file: string, declared: Language | null) => {
    let itemSet: ActiveItemSet;
    try {
      itemSet = loadItemSet({ file, setting });
    } catch (error) {
      if (error instanceof DataFileError) {
        problems.push(error.message);
        return;
      }
      throw error;
    }
    const serves = pickLanguage([itemSet.language]);
    if (serves === null) {
      problems.push(
        `${setting} ${file}: its language "${itemSet.language}" is not a language of the product (${LANGUAGES.join(', ')})`,
      );
    } else if (declared !== null && serves !== declared) {
      problems.push(
        `${setting} ${file}: listed for ${declared}, but its language is "${itemSet.language}" (${serves}); ` +
          'list it under its own language',
      );
    } else if (loaded.has(serves)) {
      problems.push(`${setting} ${file}: a second item set for ${serves} (one item set per language)`);
    } else {
      loaded.set(serves, itemSet);
    }
  };
  for (const { language, file } of options.files) {
    attempt('ITEM_SET_FILES', file, language);
  }
  if (options.file !== undefined) {
    attempt('ITEM_SET_FILE', options.file, null);
  }
  const languages = LANGUAGES.filter((language) => loaded.has(language));
  const defaultLanguage = options.defaultLanguage ?? (loaded.has('en') ? 'en' : (languages[0] ?? 'en'));
  const defaultSet = loaded.get(defaultLanguage);
  if (problems.length === 0 && !defaultSet) {
    problems.push(
      `DEFAULT_TEST_LANGUAGE ${defaultLanguage}: no item set is loaded for it ` +
        `(loaded: ${languages.join(', ') || 'none'}); add one to ITEM_SET_FILES or choose a loaded language`,
    );
  }
  if (problems.length > 0 || !defaultSet) {
    throw new DataFileError(problems.join('\n'));
  }
  return {
    languages,
    defaultLanguage,
    usesDemonstrationItems: [...loaded.values()].some((itemSet) => itemSet.isDemo),
    default: defaultSet,
    get: (language) => loaded.get(language),
    forTest: (language) => loaded.get(language) ?? defaultSet,
  };
}
