import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useStaffText } from '../i18n/staff-language';

const look = { variant: 'subtle', leftSection: <span aria-hidden>←</span> } as const;

/** 'Back' above a page's title: a link, or a button where leaving needs a question first (Create Test). */
export function BackButton(props: { to: string } | { onClick: () => void }) {
  const { t } = useStaffText();
  return (
    <Group>
      {'to' in props ? (
        <Button component={Link} to={props.to} {...look}>
          {t('common.back')}
        </Button>
      ) : (
        <Button onClick={props.onClick} {...look}>
          {t('common.back')}
        </Button>
      )}
    </Group>
  );
}
