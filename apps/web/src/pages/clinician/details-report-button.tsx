import { Button, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { ANONYMOUS_REPORT_NAME, REPORT_NAME_MAX } from '@pid5/contract';
import { downloadReport } from '../../api/assessments';
import { ApiError } from '../../api/client';
import { useStaffText } from '../../i18n/staff-language';

/** Admins download straight away as 'Anonymous'; clinicians choose the name on the report first (docs/product-spec.md §2). */
export function ReportButton({
  id,
  isAdminView,
  isSubmitted,
}: {
  id: number;
  isAdminView: boolean;
  isSubmitted: boolean;
}) {
  const { t } = useStaffText();
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [name, setName] = useState('');
  const [isLoading, setIsLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // An error belongs to the attempt it came from: opening or closing the dialog starts afresh.
  const showDialog = (isOpen: boolean) => {
    setError(null);
    setIsDialogOpen(isOpen);
  };

  const download = async (reportName: string) => {
    setIsLoading(true);
    setError(null);
    try {
      await downloadReport(id, reportName, t('reports.downloadFailed'));
      setIsDialogOpen(false);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('reports.downloadFailed'));
    } finally {
      setIsLoading(false);
    }
  };

  return (
    <>
      {/* Every answer is in but the patient has not submitted: the scores are frozen only at submission. */}
      <Tooltip label={t('details.download.unavailable')} disabled={isSubmitted}>
        {/* Busy, it ignores presses but stays focusable (a disabled button drops the focus to the page, 2.4.3). */}
        <Button
          onClick={() => {
            if (!isLoading) {
              if (isAdminView) {
                void download(ANONYMOUS_REPORT_NAME);
              } else {
                showDialog(true);
              }
            }
          }}
          disabled={!isSubmitted}
          aria-disabled={isLoading || undefined}
        >
          {isLoading && isAdminView ? t('details.download.loading') : t('details.download.patientReport')}
        </Button>
      </Tooltip>
      {error && !isDialogOpen && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
      <ReportNameDialog
        opened={isDialogOpen}
        name={name}
        onNameChange={setName}
        error={error}
        isLoading={isLoading}
        onClose={() => showDialog(false)}
        onDownload={(reportName) => void download(reportName)}
      />
    </>
  );
}

/** The name to print on the patient's report (none: anonymous); a failed download is said in the dialog. */
function ReportNameDialog({
  opened,
  name,
  onNameChange,
  error,
  isLoading,
  onClose,
  onDownload,
}: {
  opened: boolean;
  name: string;
  onNameChange: (name: string) => void;
  error: string | null;
  isLoading: boolean;
  onClose: () => void;
  onDownload: (reportName: string) => void;
}) {
  const { t } = useStaffText();
  return (
    <Modal opened={opened} onClose={onClose} title={t('details.download.dialogTitle')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onDownload(name.trim() || ANONYMOUS_REPORT_NAME);
        }}
      >
        <Stack>
          <TextInput
            label={t('details.download.name')}
            // Says what an empty name means; what is sent then stays the contract's ANONYMOUS_REPORT_NAME, for the server.
            placeholder={t('details.download.anonymous')}
            // The placeholder alone is pale and gone once typing starts: the same said as the field's description.
            description={t('details.download.nameHint', { anonymous: t('details.download.anonymous') })}
            value={name}
            maxLength={REPORT_NAME_MAX}
            onChange={(event) => onNameChange(event.currentTarget.value)}
            data-autofocus
          />
          {error && (
            <Text c="red.8" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('details.download.close')}
            </Button>
            <Button type="submit" disabled={isLoading}>
              {isLoading ? t('details.download.loading') : t('details.download.patientReport')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
