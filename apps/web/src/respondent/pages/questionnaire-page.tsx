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
}: {
  code: string;
  test: TPatientTest;
  itemSet: TPatientItemSet;
  onReload: () => void;
  onSubmitted: (test: TPatientTest) => void;
}) {
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
      setSubmitError(error?.message ?? 'The test could not be submitted. Please try again.');
    }
  };

  const remaining = ITEM_COUNT - answeredCount;
  return (
    <RespondentLayout title="Questionnaire">
      <div className="intro">
        <PageHeading>Personality questionnaire</PageHeading>
        <p className="item-set-note">
          <span className="item-set-label">Item set:</span> {itemSet.title}
        </p>
        <p>
          Below are {ITEM_COUNT} statements. For each one, choose the answer that describes you best. There are no right
          or wrong answers. Each answer is saved as soon as you choose it, so you can stop at any time and come back
          with the same link.
        </p>
        <p className="hint keyboard-hint">
          Using a keyboard? Press Tab to move to a statement, then 1 to 4 to answer it; the next statement follows.
        </p>
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
            <p>All {ITEM_COUNT} statements are answered. When you are ready, submit your answers to your clinician.</p>
            <button
              type="button"
              id="submit-test"
              className="btn btn-primary btn-large"
              onClick={() => setIsConfirmOpen(true)}
              disabled={isSubmitting}
            >
              {isSubmitting ? 'Submitting…' : 'Submit Test'}
            </button>
          </>
        ) : (
          <p className="hint">
            {remaining > 0
              ? `${remaining === 1 ? '1 statement is' : `${remaining} statements are`} still unanswered. Submit appears when all ${ITEM_COUNT} are answered and saved.`
              : 'Saving your last answers…'}
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
