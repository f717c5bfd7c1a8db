import { useCallback, useEffect, useState } from 'react';
import { findNextUnanswered } from './answer-queue';
import type { AnswerSync } from './answer-sync';

// Moving the patient through the list of items: to an item's answer, and back to where they stopped.

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** Focuses item `item` (its chosen answer, else its first) and brings it to the middle of the screen. */
export function focusItem(item: number): void {
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

/** Coming back to a test begun earlier: straight to where the patient stopped, not to item 1. */
export function useFocusWhereStopped(answers: string, answeredCount: number): void {
  const [arrivedAt] = useState(() => (answeredCount > 0 ? findNextUnanswered(answers) : null));
  useEffect(() => {
    if (arrivedAt !== null) {
      focusItem(arrivedAt);
    }
  }, [arrivedAt]);
}

/**
 * The page's moves between items: an answer saved (and, given by keyboard, focus on to the next item unanswered), and
 * "to the first unanswered" (or to the submit button when none is left).
 */
export function useItemMoves(sync: AnswerSync, answers: string) {
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
  const scrollToFirstUnanswered = () => {
    const first = findNextUnanswered(answers);
    if (first !== null) {
      focusItem(first);
    } else {
      document.getElementById('submit-test')?.focus();
    }
  };
  return { onAnswer, scrollToFirstUnanswered };
}
