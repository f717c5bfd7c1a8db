import { count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { answerChanges, users } from '../../db/schema';

// SQL only: the answer_changes of one test, as the data view shows them. The rows are written by the
// answer saves themselves (modules/respondent/respondent.repo.ts).

export interface AnswerChangeRow {
  item: number;
  oldValue: string;
  newValue: string;
  changedAt: Date;
  /** A user id, or 'patient'. */
  actor: string;
  /** The user's name when the actor is a user. */
  username: string | null;
  /** The link's browser: 1 for the first that changed an answer of this test, and so on. */
  browser: number | null;
}

/** The newest `limit` changes of a test, newest first, and how many it has in all. */
export async function listAnswerChanges(
  db: Db,
  options: { assessmentId: number; limit: number },
): Promise<{ rows: AnswerChangeRow[]; total: number }> {
  const ofTest = eq(answerChanges.assessmentId, options.assessmentId);
  const browsers = db.$with('browsers').as(
    db
      .select({
        linkSession: answerChanges.linkSession,
        browser: sql<number>`(row_number() over (order by min(${answerChanges.id})))::int`.as('browser'),
      })
      .from(answerChanges)
      .where(sql`${ofTest} and ${isNotNull(answerChanges.linkSession)}`)
      .groupBy(answerChanges.linkSession),
  );
  const rows = await db
    .with(browsers)
    .select({
      item: answerChanges.item,
      oldValue: answerChanges.oldValue,
      newValue: answerChanges.newValue,
      changedAt: answerChanges.changedAt,
      actor: answerChanges.actor,
      username: users.username,
      browser: browsers.browser,
    })
    .from(answerChanges)
    .leftJoin(browsers, eq(browsers.linkSession, answerChanges.linkSession))
    .leftJoin(users, eq(users.id, answerChanges.actor))
    .where(ofTest)
    .orderBy(desc(answerChanges.id))
    .limit(options.limit);
  const [total] = await db.select({ n: count() }).from(answerChanges).where(ofTest);
  return { rows, total: total?.n ?? 0 };
}
