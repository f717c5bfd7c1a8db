import { Alert, Button, Group, Modal, Stack, Text, Typography } from '@mantine/core';
import type { useTerms } from '../../api/assessments';
import { useStaffText } from '../../i18n/staff-language';

/** The terms, shown once the form is right: "Agree and Create Test" creates the test; the dialog stays while it does. */
export function CreateTestTermsDialog({
  opened,
  terms,
  isCreating,
  onExit,
  onAgree,
}: {
  opened: boolean;
  terms: ReturnType<typeof useTerms>;
  isCreating: boolean;
  onExit: () => void;
  onAgree: () => void;
}) {
  const { t } = useStaffText();
  return (
    <Modal
      opened={opened}
      onClose={onExit}
      title={t('createTest.termsTitle')}
      size="lg"
      centered
      closeOnClickOutside={!isCreating}
    >
      <Stack>
        {terms.isPending && <Text c="dimmed">{t('createTest.termsLoading')}</Text>}
        {terms.isError && (
          <Alert color="red" role="alert">
            {t('createTest.termsFailed')}
          </Alert>
        )}
        {terms.data && (
          // The body is sanitised on the server when it is stored (DESIGN.md "Security and reliability").
          <Typography>
            <div data-testid="terms-body" dangerouslySetInnerHTML={{ __html: terms.data.bodyHtml }} />
          </Typography>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onExit} disabled={isCreating}>
            {t('createTest.exit')}
          </Button>
          <Button onClick={onAgree} loading={isCreating} disabled={!terms.data}>
            {t('createTest.agree')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
