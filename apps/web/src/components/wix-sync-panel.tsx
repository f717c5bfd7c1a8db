import { Button, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { TWixSyncResponse } from '@pid5/contract';
import { useAuthMethods } from '../api/auth';
import { useSyncWixOrders } from '../api/wix-sync';
import { useStaffText, type StaffKey } from '../i18n/staff-language';
import type { Translate } from '../i18n/translate';
import { Section } from './section';

/** What one sync did, in a sentence an admin can act on. */
function describeWixSync(response: TWixSyncResponse, t: Translate<StaffKey>): string {
  const ok = response.results.filter((r) => r.ok);
  if (response.results.length === 0) {
    return t('wix.none');
  }
  const granted = ok.reduce((sum, r) => sum + r.granted, 0);
  const refunded = ok.reduce((sum, r) => sum + r.refunded, 0);
  return t('wix.synced', { clinicians: ok.length, purchases: granted, refunds: refunded });
}

/**
 * Admin credits page, Wix installations only: tests bought on the institute's Wix site are added
 * at each sign-in; 'Sync orders' picks up new orders and refunds for every Wix-linked clinician now.
 */
export function WixSyncPanel() {
  const methods = useAuthMethods();
  const sync = useSyncWixOrders();
  const { t } = useStaffText();
  const [response, setResponse] = useState<TWixSyncResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (methods.data?.institute.kind !== 'wix') {
    return null;
  }
  const failed = response?.results.filter((r) => !r.ok) ?? [];
  const partial = response?.results.filter((r) => r.partiallyRefunded.length > 0) ?? [];

  const run = async () => {
    setError(null);
    setResponse(null);
    try {
      setResponse(await sync.mutateAsync({}));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('wix.failed'));
    }
  };

  return (
    <Section title={t('wix.title')}>
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('wix.intro')}
        </Text>
        <Group justify="space-between" align="flex-start">
          <div role="status" aria-live="polite">
            {response && <Text size="sm">{describeWixSync(response, t)}</Text>}
            {failed.length > 0 && (
              <Text size="sm" c="red.8">
                {t('wix.notSynced', {
                  usernames: failed.map((r) => r.username).join(', '),
                  error: failed[0]?.error ?? '',
                })}
              </Text>
            )}
            {partial.length > 0 && (
              <>
                <Text size="sm" c="orange.8">
                  {t('wix.partial')}
                </Text>
                <List size="sm">
                  {partial.map((r) => (
                    <List.Item key={r.clinicianId}>
                      {r.username}: {r.partiallyRefunded.map((n) => `#${n}`).join(', ')}
                    </List.Item>
                  ))}
                </List>
              </>
            )}
            {error && (
              <Text size="sm" c="red.8" role="alert">
                {error}
              </Text>
            )}
          </div>
          <Button variant="light" loading={sync.isPending} onClick={() => void run()}>
            {t('wix.sync')}
          </Button>
        </Group>
      </Stack>
    </Section>
  );
}
