import { Button, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { downloadScoreReport, REPORT_DOWNLOAD_FAILED } from '../api/assessments';
import { ApiError } from '../api/client';

/**
 * "Score report (clinician)": the second PDF, with the patient id, the validity table, every scale's
 * numbers and the answers by item number, for the clinician's file. It prints no name, so it downloads at once.
 */
export function ScoreReportButton({ id, isSubmitted }: { id: number; isSubmitted: boolean }) {
  const [isLoading, setIsLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setIsLoading(true);
    setError(null);
    try {
      await downloadScoreReport(id);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : REPORT_DOWNLOAD_FAILED);
    } finally {
      setIsLoading(false);
    }
  };

  return (
    <>
      <Tooltip label="Available once the patient submits the test" disabled={isSubmitted}>
        <Button variant="default" onClick={() => void download()} disabled={isLoading || !isSubmitted}>
          {isLoading ? 'Getting PDF' : 'Score report (clinician)'}
        </Button>
      </Tooltip>
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
    </>
  );
}
