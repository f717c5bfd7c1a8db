import { Alert, Container } from '@mantine/core';
import { useStaffText } from '../i18n/staff-language';

/** Admin screens for someone who is not an admin (the server refuses their data with 403 as well). */
export function NoAccess() {
  const { t } = useStaffText();
  return (
    <Container size="sm">
      <Alert color="red" role="alert" title={t('noAccess.title')} mt="xl">
        {t('noAccess.text')}
      </Alert>
    </Container>
  );
}
