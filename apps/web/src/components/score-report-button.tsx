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
        {/* While it works the button says so and ignores presses, but stays focusable: a disabled button would drop
            the keyboard user's focus to the page (2.4.3). */}
        <Button
          variant="default"
          onClick={() => {
            if (!isLoading) {
              void download();
            }
          }}
          disabled={!isSubmitted}
          aria-disabled={isLoading || undefined}
        >
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
