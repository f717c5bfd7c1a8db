import type { TAnswerChange } from '@pid5/contract';
import type { AnswerChangeRow } from './answer-history.repo';

/** A stored change as the data view shows it: answers as numbers (null: unanswered), the user when one saved it. */
export function presentAnswerChange(row: AnswerChangeRow): TAnswerChange {
  return {
    item: row.item,
    from: row.oldValue === '9' ? null : Number(row.oldValue),
    to: Number(row.newValue),
    at: row.changedAt.toISOString(),
    user: row.actor === 'patient' ? null : { id: row.actor, username: row.username ?? row.actor },
    browser: row.browser,
  };
}
