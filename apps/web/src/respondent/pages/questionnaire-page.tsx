import { useState } from 'react';
import type { TPatientItemSet, TPatientTest } from '@pid5/contract';
import { answerOf } from '../answer-queue';
import { ItemQuestion } from '../components/item-question';
import { PageHeading, RespondentLayout } from '../components/respondent-layout';
import { ProgressBar } from '../components/progress-bar';
import { ConfirmSubmitDialog } from '../components/confirm-submit-dialog';
import { SaveAndComeBackDialog } from '../components/save-and-come-back-dialog';
import { SubmitArea } from '../components/submit-area';
import { useFocusWhereStopped, useItemMoves } from '../item-focus';
import { useAnswerSync, useWarnBeforeLeavingUnsaved } from '../use-answer-sync';
import { useSubmitTest } from '../use-submit-test';
import { LanguageSwitch } from '../components/language-switch';
import { useRespondentText } from '../respondent-language';

interface QuestionnaireProps {
  code: string;
  test: TPatientTest;
  itemSet: TPatientItemSet;
  onReload: () => void;
  onSubmitted: (test: TPatientTest) => void;
  onLanguageChanged: (test: TPatientTest) => void;
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
}: QuestionnaireProps) {
  const { t } = useRespondentText();
  const [sync, snapshot] = useAnswerSync(code, test.answers, onReload);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const submission = useSubmitTest(code, onSubmitted, onReload);

  const { answers, answeredCount, pendingCount, status } = snapshot;
  const ITEM_COUNT = test.itemCount;
  const canSubmit = answeredCount === ITEM_COUNT && pendingCount === 0 && status !== 'saving';

  const { onAnswer, scrollToFirstUnanswered } = useItemMoves(sync, answers);
  useWarnBeforeLeavingUnsaved(pendingCount);
  useFocusWhereStopped(answers, answeredCount);

  return (
    <RespondentLayout title={t('questionnaire.title')}>
      <QuestionnaireIntro code={code} test={test} itemSet={itemSet} onLanguageChanged={onLanguageChanged} />

      <ProgressBar
        answeredCount={answeredCount}
        total={ITEM_COUNT}
        status={status}
        canSubmit={canSubmit}
        isSubmitting={submission.isSubmitting}
        onScrollToFirstUnanswered={scrollToFirstUnanswered}
        onSaveAndComeBack={() => setIsDialogOpen(true)}
        onSubmit={submission.askToConfirm}
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

      <SubmitArea
        canSubmit={canSubmit}
        remaining={ITEM_COUNT - answeredCount}
        itemCount={ITEM_COUNT}
        isSubmitting={submission.isSubmitting}
        submitError={submission.submitError}
        onSubmit={submission.askToConfirm}
      />

      <ConfirmSubmitDialog
        isOpen={submission.isConfirmOpen}
        isSubmitting={submission.isSubmitting}
        onCancel={submission.cancelConfirm}
        onConfirm={() => void submission.submit()}
      />
      <SaveAndComeBackDialog isOpen={isDialogOpen} pendingCount={pendingCount} onClose={() => setIsDialogOpen(false)} />
    </RespondentLayout>
  );
}

/** The language switch, the heading, the item set's name, and how to answer (by mouse, touch or keyboard). */
function QuestionnaireIntro({
  code,
  test,
  itemSet,
  onLanguageChanged,
}: Pick<QuestionnaireProps, 'code' | 'test' | 'itemSet' | 'onLanguageChanged'>) {
  const { t } = useRespondentText();
  return (
    <div className="intro">
      <LanguageSwitch code={code} test={test} onChanged={onLanguageChanged} />
      <PageHeading>{t('questionnaire.heading')}</PageHeading>
      <p className="item-set-note">
        <span className="item-set-label">{t('questionnaire.itemSetLabel')}</span> {itemSet.title}
      </p>
      <p>{t('questionnaire.instructions', { itemCount: test.itemCount })}</p>
      <p className="hint keyboard-hint">{t('questionnaire.keyboardHint')}</p>
    </div>
  );
}
