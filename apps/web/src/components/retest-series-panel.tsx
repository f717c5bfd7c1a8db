import { Alert, Anchor, Badge, Button, Group, List, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  RETEST_MESSAGES,
  RETEST_TIMES_MAX,
  RETEST_WEEKS_MAX,
  ZCreateRetestSeriesRequest,
  type TRetestSeries,
} from '@pid5/contract';
import { useRetestSeries, useStartRetestSeries, useUpdateRetestSeries } from '../api/messages';
import { useStaffText, type StaffKey } from '../i18n/staff-language';
import { formatDate } from '../lib/dates';
import { patientEmailError } from './patient-contact-messages';
import { LoadErrorAlert } from './load-states';
import { Section } from './section';

const STATE_LABELS: Record<TRetestSeries['state'], { label: StaffKey; color: string }> = {
  active: { label: 'retests.state.active', color: 'teal' },
  paused: { label: 'retests.state.paused', color: 'orange' },
  ended: { label: 'retests.state.ended', color: 'gray' },
};

/**
 * "Re-tests" on a completed test's details page: start a series (a new test of this patient every N weeks, K times,
 * each using one purchased test and e-mailed when an address is given), see its tests, pause, resume or end it.
 */
export function RetestSeriesPanel({ assessmentId }: { assessmentId: number }) {
  const { t } = useStaffText();
  const retests = useRetestSeries(assessmentId);
  if (retests.isPending) {
    return null;
  }
  if (retests.isError) {
    return (
      <Section title={t('retests.section')}>
        <LoadErrorAlert error={retests.error} title={t('retests.loadError')} />
      </Section>
    );
  }
  const { series, canStart } = retests.data;
  if (!series && !canStart) {
    return null;
  }
  return (
    <Section title={t('retests.section')}>
      <Stack gap="sm">
        {series && <SeriesState assessmentId={assessmentId} series={series} />}
        {canStart && <StartSeriesForm assessmentId={assessmentId} />}
      </Stack>
    </Section>
  );
}

function SeriesState({ assessmentId, series }: { assessmentId: number; series: TRetestSeries }) {
  const { t, language } = useStaffText();
  const update = useUpdateRetestSeries(assessmentId);
  const state = STATE_LABELS[series.state];
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Badge color={state.color} variant="light">
          {t(state.label)}
        </Badge>
        <Text size="sm">
          {t('retests.summary', { weeks: series.everyWeeks, done: series.runsDone, times: series.times })}
          {series.state === 'active' && ` ${t('retests.next', { date: formatDate(series.nextRunAt, language) })}`}
          {series.emailMasked && ` ${t('retests.sentTo', { address: series.emailMasked })}`}
        </Text>
      </Group>
      {series.problem && series.state !== 'ended' && (
        <Alert color="orange" role="alert">
          {series.problem}
        </Alert>
      )}
      {series.tests.length > 0 && (
        <List size="sm">
          {series.tests.map((test) => (
            <List.Item key={test.id}>
              <Anchor component={Link} to={`/details/${test.id}`}>
                {t('retests.run', { run: test.run })}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
      {series.state !== 'ended' && (
        <Group gap="xs">
          {series.state === 'active' ? (
            <Button variant="default" size="xs" loading={update.isPending} onClick={() => update.mutate('pause')}>
              {t('retests.pause')}
            </Button>
          ) : (
            <Button variant="default" size="xs" loading={update.isPending} onClick={() => update.mutate('resume')}>
              {t('retests.resume')}
            </Button>
          )}
          <Button variant="light" color="red" size="xs" loading={update.isPending} onClick={() => update.mutate('end')}>
            {t('retests.end')}
          </Button>
        </Group>
      )}
      {update.isError && (
        <Alert color="red" role="alert">
          {update.error.message}
        </Alert>
      )}
    </Stack>
  );
}

function StartSeriesForm({ assessmentId }: { assessmentId: number }) {
  const { t } = useStaffText();
  const start = useStartRetestSeries(assessmentId);
  const [everyWeeks, setEveryWeeks] = useState<number | ''>(12);
  const [times, setTimes] = useState<number | ''>(2);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = ZCreateRetestSeriesRequest.safeParse({
      everyWeeks: everyWeeks === '' ? undefined : everyWeeks,
      times: times === '' ? undefined : times,
      email: email.trim() === '' ? undefined : email,
    });
    if (!parsed.success) {
      // The contract's messages in the page's language; the address's as the invitation panel says them.
      const inLanguage = (field: string, message: string) => {
        if (message === RETEST_MESSAGES.everyWeeks) {
          return t('retests.fieldError.everyWeeks', { max: RETEST_WEEKS_MAX });
        }
        if (message === RETEST_MESSAGES.times) {
          return t('retests.fieldError.times', { max: RETEST_TIMES_MAX });
        }
        return field === 'email' ? (patientEmailError(t, email) ?? message) : message;
      };
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0]), inLanguage(String(issue.path[0]), issue.message)]),
        ),
      );
      return;
    }
    setErrors({});
    try {
      await start.mutateAsync(parsed.data);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : t('retests.startFailed'));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="xs">
        <Text size="sm">{t('retests.intro')}</Text>
        <Group align="flex-start" gap="xs">
          <NumberInput
            label={t('retests.everyWeeks')}
            min={1}
            max={52}
            // The schedule's rule (the contract's schema) decides, with its message, not a silent clamp.
            clampBehavior="none"
            allowDecimal={false}
            value={everyWeeks}
            onChange={(value) => setEveryWeeks(typeof value === 'number' ? value : '')}
            error={errors.everyWeeks}
            w={170}
          />
          <NumberInput
            label={t('retests.times')}
            min={1}
            max={12}
            clampBehavior="none"
            allowDecimal={false}
            value={times}
            onChange={(value) => setTimes(typeof value === 'number' ? value : '')}
            error={errors.times}
            w={150}
          />
          <TextInput
            label={t('retests.email')}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={errors.email}
            style={{ flex: 1 }}
          />
        </Group>
        <Group>
          <Button type="submit" loading={start.isPending}>
            {t('retests.start')}
          </Button>
        </Group>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
