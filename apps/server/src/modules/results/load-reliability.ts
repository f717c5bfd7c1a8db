import { parseReliabilityData, PID5_RELIABILITY, ReliabilityError, type ReliabilityData } from '@pid5/instrument';
import { DataFileError, readJsonFile } from '../../lib/read-json-file';

/**
 * The reliabilities the comparison's reliable change index uses (DESIGN.md "Comparing two administrations"), loaded
 * once at start-up: the shipped cited coefficients, or an institute's own file named by RELIABILITY_FILE in the same
 * format, validated in full like NORM_TABLES_FILE. A malformed file stops the start with every problem named: a wrong
 * coefficient would mark changes reliable that are not.
 */
export function loadReliability(options: { file: string | undefined }): ReliabilityData {
  const { file } = options;
  if (file === undefined) {
    return PID5_RELIABILITY;
  }
  const json = readJsonFile({ setting: 'RELIABILITY_FILE', file, what: 'reliabilities' });
  try {
    return parseReliabilityData(json);
  } catch (error) {
    if (error instanceof ReliabilityError) {
      throw new DataFileError(`RELIABILITY_FILE ${file}: ${error.message}`);
    }
    throw error;
  }
}
