import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { TAssessmentDetails } from '@pid5/contract';
import { useExtendAssessment } from '../../api/assessments';
import { StaffRichText, useStaffText } from '../../i18n/staff-language';

/**
 * Extending (DESIGN.md "Assessment lifecycle"): offered only when the server says an extension is possible now (expired, or
 * due within 7 days, and below the limit of 90 days after the first due date); asks first, naming the new due date.
 * An expired test says what happened to the purchased test it used (DESIGN.md "Data model": not returned).
 */
export function ExtendButton({ details }: { details: TAssessmentDetails }) {
  const extend = useExtendAssessment(details.id);
  const { t, formatDate } = useStaffText();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const { extension } = details;
  const newDueAt = extension.dueAt;
  const isUnused = details.answeredCount === 0;
  const limit = formatDate(extension.limit);
  const note = extend.isSuccess
    ? t('details.extend.done', { date: formatDate(extend.data.dueAt) })
    : details.isExpired
      ? newDueAt
        ? t('details.extend.expired')
        : t('details.extend.expiredAtLimit', { limit })
      : extension.refusal === 'limit-reached'
        ? t('details.extend.atLimit', { limit })
        : '';
  return (
    <Stack mt="md" gap="xs">
      <Group gap="sm">
        {newDueAt && !extend.isSuccess && (
          <Button variant="default" onClick={() => setIsConfirmOpen(true)} loading={extend.isPending}>
            {t('details.extend.button')}
          </Button>
        )}
        <Text size="sm" c="dimmed" role="status">
          {note}
        </Text>
        {extend.isError && (
          <Text c="red.8" size="sm" role="alert">
            {extend.error.message}
          </Text>
        )}
      </Group>
      {details.isExpired && isUnused && (
        <Text size="sm" data-testid="expired-credit-note">
          {t(newDueAt ? 'details.extend.unusedExtendable' : 'details.extend.unused', { limit })}
        </Text>
      )}
      <Modal
        opened={isConfirmOpen}
        onClose={() => setIsConfirmOpen(false)}
        title={t('details.extend.confirmTitle')}
        centered
      >
        <Text size="sm">
          <StaffRichText
            id="details.extend.confirmText"
            values={{ newDue: newDueAt ? formatDate(newDueAt) : '', due: formatDate(details.dueAt), limit }}
            components={{ 0: <strong /> }}
          />
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setIsConfirmOpen(false)}>
            {t('details.extend.cancel')}
          </Button>
          <Button
            data-autofocus
            onClick={() => {
              setIsConfirmOpen(false);
              extend.mutate();
            }}
          >
            {t('details.extend.confirm', { date: newDueAt ? formatDate(newDueAt) : '' })}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
