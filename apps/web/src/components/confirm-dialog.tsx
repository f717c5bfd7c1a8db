import { Button, Group, Modal, Text } from '@mantine/core';
import { useStaffText } from '../i18n/staff-language';

/** A yes/no question in a modal (docs/product-spec.md §2: leaving Create Test). */
export function ConfirmDialog({
  opened,
  title,
  text,
  onYes,
  onNo,
}: {
  opened: boolean;
  title: string;
  text: string;
  onYes: () => void;
  onNo: () => void;
}) {
  const { t } = useStaffText();
  return (
    <Modal opened={opened} onClose={onNo} title={title} centered>
      <Text size="sm">{text}</Text>
      <Group justify="flex-end" mt="lg">
        {/* The safe choice has the focus first: Enter by habit keeps the work (WCAG 3.3.4). */}
        <Button variant="default" onClick={onNo} data-autofocus>
          {t('common.no')}
        </Button>
        <Button color="red" onClick={onYes}>
          {t('common.yes')}
        </Button>
      </Group>
    </Modal>
  );
}
