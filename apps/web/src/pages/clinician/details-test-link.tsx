import { Button, CopyButton, Group, Paper, TextInput } from '@mantine/core';
import type { TAssessmentDetails } from '@pid5/contract';
import { useStaffText, type StaffKey } from '../../i18n/staff-language';
import type { Translate } from '../../i18n/translate';

/** What the link can still do: be sent, or (expired) work again once extended, unless extensions are used up. */
export function testLinkDescription(details: TAssessmentDetails, t: Translate<StaffKey>): string {
  if (!details.isExpired) {
    return t('details.link.send');
  }
  return details.extension.refusal === 'limit-reached' ? t('details.link.expiredFinal') : t('details.link.expired');
}

export function TestLinkPanel({ testLink, description }: { testLink: string; description: string }) {
  const { t } = useStaffText();
  return (
    <Paper withBorder p="md">
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label={t('details.link.label')}
          description={description}
          value={testLink}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: 1 }}
          // Line height and padding so an underscore of the code is never cut off at the input's bottom edge.
          styles={{ input: { fontFamily: 'monospace', lineHeight: 1.8, paddingBlock: 4 } }}
        />
        <CopyButton value={testLink} timeout={2000}>
          {({ copied, copy }) => (
            <Button onClick={copy} variant={copied ? 'filled' : 'default'} color={copied ? 'teal' : undefined}>
              {copied ? t('details.link.copied') : t('details.link.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Paper>
  );
}
