import { Alert, Stack, Switch, Text, Title } from '@mantine/core';
import { useMySettings, useUpdateMySettings } from '../../api/messages';
import { BackButton } from '../../components/back-button';
import { LoadErrorAlert, LoadingBlock } from '../../components/load-states';
import { Section } from '../../components/section';
import { useStaffText } from '../../i18n/staff-language';

/** The signed-in user's own settings: for now, whether a patient's submission is announced by e-mail. */
export default function SettingsPage() {
  const { t } = useStaffText();
  const settings = useMySettings();
  const update = useUpdateMySettings();

  return (
    <Stack gap="md">
      <BackButton to="/dashboard" />
      <Title order={1} size="h2">
        {t('settings.title')}
      </Title>
      {settings.isPending && <LoadingBlock label={t('settings.loading')} />}
      <LoadErrorAlert error={settings.error} title={t('settings.loadError')} />
      {settings.data && (
        <Section title={t('settings.email')}>
          <Stack gap="xs">
            <Switch
              label={t('settings.completionNotices')}
              description={t('settings.completionNoticesDescription')}
              checked={settings.data.completionNotices}
              disabled={update.isPending}
              onChange={(event) => update.mutate(event.currentTarget.checked)}
            />
            {!settings.data.mailConfigured && (
              <Text size="sm" c="dimmed">
                {t('settings.mailNotConfigured')}
              </Text>
            )}
            {update.isError && (
              <Alert color="red" role="alert">
                {update.error.message}
              </Alert>
            )}
          </Stack>
        </Section>
      )}
    </Stack>
  );
}
