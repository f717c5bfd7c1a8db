import { useCallback, useEffect, useState } from 'react';
import type { TPatientItemSet, TPatientTest } from '@pid5/contract';
import { ApiError } from '../../api/client';
import { answerOf, findNextUnanswered } from '../answer-queue';
import { CLOSED_CODES } from '../answer-sync';
import { ItemQuestion } from '../components/item-question';
import { PageHeading, RespondentLayout } from '../components/respondent-layout';
import { ProgressBar } from '../components/progress-bar';
import { ConfirmSubmitDialog } from '../components/confirm-submit-dialog';
import { SaveAndComeBackDialog } from '../components/save-and-come-back-dialog';
import { submitTest } from '../respondent-api';
import { useAnswerSync } from '../use-answer-sync';
import { LanguageSwitch } from '../components/language-switch';
import { useRespondentText } from '../respondent-language';

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** Focuses item `item` (its chosen answer, else its first) and brings it to the middle of the screen. */
function focusItem(item: number): void {
  const group = document.getElementById(`item-${item}`);
  const radio =
    group?.querySelector<HTMLInputElement>('input[type=radio]:checked') ??
    group?.querySelector<HTMLInputElement>('input[type=radio]');
  if (!group || !radio) {
    return;
  }
  radio.focus({ preventScroll: true });
  group.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}

/**
 * `/test/{code}` while open: every item of the test's form (220, 100 or 25, in the form's order and numbering, issue
 * 18), saved one by one as they are answered (docs/product-spec.md §2, DESIGN.md "Screens").
 */
export function QuestionnairePage({
  code,
  test,
  itemSet,
  onReload,
  onSubmitted,
  onLanguageChanged,
}: {
  code: string;
  test: TPatientTest;
  itemSet: TPatientItemSet;
  onReload: () => void;
  onSubmitted: (test: TPatientTest) => void;
  onLanguageChanged: (test: TPatientTest) => void;
}) {
  const { t } = useRespondentText();
  const [sync, snapshot] = useAnswerSync(code, test.answers, onReload);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);

  const { answers, answeredCount, pendingCount, status } = snapshot;
  const ITEM_COUNT = test.itemCount;
  const canSubmit = answeredCount === ITEM_COUNT && pendingCount === 0 && status !== 'saving';

  const onAnswer = useCallback(
    (item: number, value: number, byKey: boolean) => {
      sync.answer(item, value);
      if (byKey) {
        const next = findNextUnanswered(sync.getSnapshot().answers, item);
        if (next !== null) {
          focusItem(next);
        }
      }
    },
    [sync],
  );

  // Answers not yet saved are kept on this device, but warn before leaving: they would not reach another one.
  useEffect(() => {
    if (pendingCount === 0) {
      return;
    }
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [pendingCount]);

  // Coming back to a test begun earlier: straight to where the patient stopped, not to item 1.
  const [arrivedAt] = useState(() => (answeredCount > 0 ? findNextUnanswered(answers) : null));
  useEffect(() => {
    if (arrivedAt !== null) {
      focusItem(arrivedAt);
    }
  }, [arrivedAt]);

  const scrollToFirstUnanswered = () => {
    const first = findNextUnanswered(answers);
    if (first !== null) {
      focusItem(first);
    } else {
      document.getElementById('submit-test')?.focus();
    }
  };

  const submit = async () => {
    setIsConfirmOpen(false);
    setIsSubmitting(true);
    setSubmitError(null);
    try {
      onSubmitted(await submitTest(code));
    } catch (caught) {
      setIsSubmitting(false);
      const error = caught instanceof ApiError ? caught : null;
      if (error && CLOSED_CODES.has(error.code)) {
        onReload();
        return;
      }
      setSubmitError(error?.message ?? t('questionnaire.submitFailed'));
    }
  };

  const remaining = ITEM_COUNT - answeredCount;
  return (
    <RespondentLayout title={t('questionnaire.title')}>
      <div className="intro">
        <LanguageSwitch code={code} test={test} onChanged={onLanguageChanged} />
        <PageHeading>{t('questionnaire.heading')}</PageHeading>
        <p className="item-set-note">
          <span className="item-set-label">{t('questionnaire.itemSetLabel')}</span> {itemSet.title}
        </p>
        <p>{t('questionnaire.instructions', { itemCount: ITEM_COUNT })}</p>
        <p className="hint keyboard-hint">{t('questionnaire.keyboardHint')}</p>
      </div>

      <ProgressBar
        answeredCount={answeredCount}
        total={ITEM_COUNT}
        status={status}
        canSubmit={canSubmit}
        isSubmitting={isSubmitting}
        onScrollToFirstUnanswered={scrollToFirstUnanswered}
        onSaveAndComeBack={() => setIsDialogOpen(true)}
        onSubmit={() => setIsConfirmOpen(true)}
      />

      <ol className="items" lang={itemSet.language}>
        {itemSet.items.map((item) => (
          <ItemQuestion
            key={item.number}
            number={item.number}
            text={item.text}
            value={answerOf(answers, item.number)}
            labels={itemSet.answerLabels}
            onAnswer={onAnswer}
          />
        ))}
      </ol>

      <div className="submit-area">
        {submitError && (
          <p className="form-error" role="alert">
            {submitError}
          </p>
        )}
        {canSubmit ? (
          <>
            <p>{t('questionnaire.allAnswered', { itemCount: ITEM_COUNT })}</p>
            <button
              type="button"
              id="submit-test"
              className="btn btn-primary btn-large"
              onClick={() => setIsConfirmOpen(true)}
              disabled={isSubmitting}
            >
              {isSubmitting ? t('questionnaire.submitting') : t('questionnaire.submitTest')}
            </button>
          </>
        ) : (
          <p className="hint">
            {remaining > 0
              ? t('questionnaire.unanswered', { remaining, itemCount: ITEM_COUNT })
              : t('questionnaire.savingLast')}
          </p>
        )}
      </div>

      <ConfirmSubmitDialog
        isOpen={isConfirmOpen}
        isSubmitting={isSubmitting}
        onCancel={() => setIsConfirmOpen(false)}
        onConfirm={() => void submit()}
      />
      <SaveAndComeBackDialog isOpen={isDialogOpen} pendingCount={pendingCount} onClose={() => setIsDialogOpen(false)} />
    </RespondentLayout>
  );
}
