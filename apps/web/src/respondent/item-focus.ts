import { useEffect, useState } from 'react';
import { findNextUnanswered } from './answer-queue';

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
