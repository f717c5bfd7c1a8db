import { Alert, Stack, Switch, Text, Title } from '@mantine/core';
import { useMySettings, useUpdateMySettings } from '../../api/messages';
import { BackButton } from '../../components/back-button';
import { LoadErrorAlert, LoadingBlock } from '../../components/load-states';
import { Section } from '../../components/section';

/** The signed-in user's own settings: for now, whether a patient's submission is announced by e-mail. */
export default function SettingsPage() {
  const settings = useMySettings();
  const update = useUpdateMySettings();

  return (
    <Stack gap="md">
      <BackButton to="/dashboard" />
      <Title order={1} size="h2">
        Settings
      </Title>
      {settings.isPending && <LoadingBlock label="Loading your settings" />}
      <LoadErrorAlert error={settings.error} title="Your settings could not be loaded" />
      {settings.data && (
        <Section title="E-mail">
          <Stack gap="xs">
            <Switch
              label="E-mail me when a patient completes a test"
              description="The message names the test's number and links to its details page: no patient identifier, no scores."
              checked={settings.data.completionNotices}
              disabled={update.isPending}
              onChange={(event) => update.mutate(event.currentTarget.checked)}
            />
            {!settings.data.mailConfigured && (
              <Text size="sm" c="dimmed">
                E-mail is not set up on this server, so no notice is sent for now.
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
