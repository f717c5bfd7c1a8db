import { Alert, Select, Stack, Switch, Text } from '@mantine/core';
import { languageName, LANGUAGES, isLanguage } from '@pid5/i18n';
import { useMySettings, useUpdateMySettings } from '../../api/messages';
import { BackButton } from '../../components/back-button';
import { LoadErrorAlert, LoadingBlock } from '../../components/load-states';
import { Section } from '../../components/section';
import { useStaffText } from '../../i18n/staff-language';
import { StaffPageHeading } from '../../components/staff-page-heading';

// Each language by its own name, as in the header's language menu.
const LANGUAGE_OPTIONS = LANGUAGES.map((language) => ({ value: language, label: languageName(language) }));

/**
 * The signed-in user's own settings: whether a patient's submission is announced by e-mail, and the language of the
 * messages to them (completion and re-test notices; the server keeps it, as it writes them without the browser).
 */
export default function SettingsPage() {
  const { t } = useStaffText();
  const settings = useMySettings();
  const update = useUpdateMySettings();

  return (
    <Stack gap="md">
      <BackButton to="/dashboard" />
      <StaffPageHeading title={t('settings.title')} />
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
              onChange={(event) => update.mutate({ completionNotices: event.currentTarget.checked })}
            />
            <Select
              label={t('settings.emailLanguage')}
              description={t('settings.emailLanguageDescription')}
              data={LANGUAGE_OPTIONS}
              value={settings.data.messageLanguage}
              allowDeselect={false}
              disabled={update.isPending}
              onChange={(value) => {
                if (isLanguage(value)) {
                  update.mutate({ messageLanguage: value });
                }
              }}
              w={240}
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
