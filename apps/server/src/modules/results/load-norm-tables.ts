import { NormTablesError, parseNormTables, US_NORM_TABLES, type NormTables } from '@pid5/instrument';
import { DataFileError, readJsonFile } from '../../lib/read-json-file';

/**
 * The US norm tables T scores and percentiles are read from (DESIGN.md "Scoring (packages/instrument)"), loaded once at start-up: the shipped
 * Markon et al. (2024) tables, or an institute's own licensed file named by NORM_TABLES_FILE, in the same format,
 * validated in full by the instrument's `parseNormTables`. A malformed file stops the start with every problem
 * named: a shifted row would print a wrong T on every report.
 */
export function loadNormTables(options: { file: string | undefined }): NormTables {
  const { file } = options;
  if (file === undefined) {
    return US_NORM_TABLES;
  }
  const json = readJsonFile({ setting: 'NORM_TABLES_FILE', file, what: 'norm tables' });
  try {
    return parseNormTables(json);
  } catch (error) {
    if (error instanceof NormTablesError) {
      throw new DataFileError(`NORM_TABLES_FILE ${file}: ${error.message}`);
    }
    throw error;
  }
}
