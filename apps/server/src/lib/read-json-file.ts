import { readFileSync } from 'node:fs';

/** Thrown at start-up when a configured data file cannot be read as JSON; the message names the setting and file. */
export class DataFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataFileError';
  }
}

/**
 * Reads a JSON file named by a setting (e.g. ITEM_SET_FILE), for start-up loaders that then validate its shape.
 * A byte-order mark is ignored; a missing file or bad JSON throws a DataFileError that names `setting` and the file.
 */
export function readJsonFile(options: { setting: string; file: string; what: string }): unknown {
  const { setting, file, what } = options;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : (error as Error).message;
    throw new DataFileError(`${setting} ${file}: cannot read the ${what} (${reason})`);
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new DataFileError(`${setting} ${file}: not valid JSON (${(error as Error).message})`);
  }
}
