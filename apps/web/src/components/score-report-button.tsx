import { Button, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { downloadScoreReport } from '../api/assessments';
import { ApiError } from '../api/client';
import { useStaffText } from '../i18n/staff-language';

/**
 * "Score report (clinician)": the second PDF, with the patient id, the validity table, every scale's
 * numbers and the answers by item number, for the clinician's file. It prints no name, so it downloads at once.
 */
export function ScoreReportButton({ id, isSubmitted }: { id: number; isSubmitted: boolean }) {
  const { t } = useStaffText();
  const [isLoading, setIsLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setIsLoading(true);
    setError(null);
    try {
      await downloadScoreReport(id, t('reports.downloadFailed'));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('reports.downloadFailed'));
    } finally {
      setIsLoading(false);
    }
  };

  return (
    <>
      <Tooltip label={t('scoreReport.unavailable')} disabled={isSubmitted}>
        <Button variant="default" onClick={() => void download()} disabled={isLoading || !isSubmitted}>
          {isLoading ? t('scoreReport.loading') : t('scoreReport.button')}
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
