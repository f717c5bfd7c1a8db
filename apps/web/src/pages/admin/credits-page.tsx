import {
  Badge,
  Button,
  Container,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  TextInput,
} from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { GRANT_NOTE_MAX, GRANT_QUANTITY_MAX, ZGrantCreditsRequest, fieldErrors, type TAdminUser } from '@pid5/contract';
import { useAdminUsers, useCreditLedger, useGrantCredits } from '../../api/admin';
import { ApiError } from '../../api/client';
import { BackButton } from '../../components/back-button';
import { ClinicianSelect, clinicianLabel } from '../../components/clinician-select';
import { EmptyTableRow } from '../../components/empty-table-row';
import { LoadErrorAlert } from '../../components/load-states';
import { OutcomeText, type Outcome } from '../../components/outcome-text';
import { PageControls } from '../../components/page-controls';
import { Section } from '../../components/section';
import { WixSyncPanel } from '../../components/wix-sync-panel';
import { translateFieldErrors } from '../../i18n/contract-messages';
import { useStaffText, type StaffKey } from '../../i18n/staff-language';
import { numberOrEmpty } from '../../lib/number-input';
import { StaffPageHeading } from '../../components/staff-page-heading';
import { TableScrollRegion } from '../../components/table-scroll-region';

const SOURCE_LABELS: Partial<Record<string, StaffKey>> = {
  admin: 'credits.source.admin',
  wix: 'credits.source.wix',
  demo: 'credits.source.demo',
};

/** `/admin/credits`: admins grant tests to a clinician; every grant is a ledger row with who and when. */
export default function CreditsPage() {
  const users = useAdminUsers();
  const { t, formatDateTime } = useStaffText();
  const sourceName = (source: string) => {
    const key = SOURCE_LABELS[source];
    return key ? t(key) : source;
  };
  const [page, setPage] = useState(1);
  const ledger = useCreditLedger({ page });

  return (
    <Container size="xl">
      <Stack gap="md">
        <BackButton to="/dashboard" />
        <StaffPageHeading title={t('credits.title')} />

        <GrantForm users={users.data?.items ?? []} isLoading={users.isPending} />

        <WixSyncPanel />

        <Section title={t('credits.perClinician')}>
          <LoadErrorAlert error={users.error} />
          <TableScrollRegion label={t('credits.perClinician')} minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('credits.col.name')}</Table.Th>
                  <Table.Th>{t('credits.col.email')}</Table.Th>
                  <Table.Th>{t('credits.col.role')}</Table.Th>
                  <Table.Th ta="right">{t('credits.col.purchased')}</Table.Th>
                  <Table.Th ta="right">{t('credits.col.used')}</Table.Th>
                  <Table.Th ta="right">{t('credits.col.available')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(users.data?.items ?? []).map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td>
                      {user.username}
                      {user.isDisabled && (
                        <Badge ml="xs" color="gray" size="xs">
                          {t('credits.disabled')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{user.email ?? ''}</Table.Td>
                    <Table.Td>{user.role === 'admin' ? t('credits.roleAdmin') : t('credits.roleClinician')}</Table.Td>
                    <Table.Td ta="right">{user.purchased}</Table.Td>
                    <Table.Td ta="right">{user.used}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {user.available}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
        </Section>

        <Section title={t('credits.ledger')}>
          <TableScrollRegion label={t('credits.ledger')} minWidth={720}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('credits.col.when')}</Table.Th>
                  <Table.Th>{t('credits.col.clinician')}</Table.Th>
                  <Table.Th ta="right">{t('credits.col.tests')}</Table.Th>
                  <Table.Th>{t('credits.col.source')}</Table.Th>
                  <Table.Th>{t('credits.col.grantedBy')}</Table.Th>
                  <Table.Th>{t('credits.col.note')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ledger.data?.items.length === 0 && <EmptyTableRow columns={6}>{t('credits.noEntries')}</EmptyTableRow>}
                {(ledger.data?.items ?? []).map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>{formatDateTime(entry.createdAt)}</Table.Td>
                    <Table.Td>{entry.clinician.username}</Table.Td>
                    <Table.Td ta="right">{entry.quantity}</Table.Td>
                    <Table.Td>{sourceName(entry.source)}</Table.Td>
                    <Table.Td>{entry.createdBy?.username ?? ''}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.note ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
          <PageControls
            label={t('credits.ledgerPages')}
            page={ledger.data?.page ?? page}
            pageCount={ledger.data?.pageCount ?? 1}
            onChange={setPage}
          />
        </Section>
      </Stack>
    </Container>
  );
}

function GrantForm({ users, isLoading }: { users: TAdminUser[]; isLoading: boolean }) {
  const grant = useGrantCredits();
  const { t } = useStaffText();
  const [clinicianId, setClinicianId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number | ''>(1);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<Outcome>(null);

  const options = useMemo(
    () =>
      users
        .filter((user) => !user.isDisabled)
        .map((user) => ({
          value: user.id,
          label: clinicianLabel(user, ` ${t('credits.optionAvailable', { available: user.available })}`),
        })),
    [users, t],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const parsed = ZGrantCreditsRequest.safeParse({
      clinicianId: clinicianId ?? '',
      quantity: quantity === '' ? undefined : quantity,
      note: note.trim() === '' ? undefined : note,
    });
    if (!parsed.success) {
      setErrors(translateFieldErrors(fieldErrors(parsed.error), t));
      return;
    }
    setErrors({});
    try {
      const granted = await grant.mutateAsync(parsed.data);
      setResult({
        kind: 'success',
        text: t('credits.granted', {
          count: granted.entry.quantity,
          username: granted.entry.clinician.username,
          available: granted.available,
        }),
      });
      setQuantity(1);
      setNote('');
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(translateFieldErrors(error.fields, t));
      }
      setResult({
        kind: 'error',
        text: t('credits.failed', { reason: error instanceof Error ? error.message : t('credits.unknownError') }),
      });
    }
  };

  return (
    <Paper withBorder p="md" component="form" onSubmit={(event) => void submit(event)} noValidate>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <ClinicianSelect
          options={options}
          isLoading={isLoading}
          value={clinicianId}
          onChange={(value) => {
            setClinicianId(value);
            setErrors(({ clinicianId: _c, ...rest }) => rest);
          }}
          error={errors.clinicianId}
        />
        <NumberInput
          label={t('credits.quantity')}
          min={1}
          max={GRANT_QUANTITY_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={quantity}
          onChange={(value) => setQuantity(numberOrEmpty(value))}
          required
          error={errors.quantity}
        />
        <TextInput
          label={t('credits.note')}
          placeholder={t('credits.notePlaceholder')}
          maxLength={GRANT_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={errors.note}
        />
      </SimpleGrid>
      <Group justify="space-between" mt="md">
        <OutcomeText outcome={result} />
        <Button type="submit" loading={grant.isPending}>
          {t('credits.grant')}
        </Button>
      </Group>
    </Paper>
  );
}
