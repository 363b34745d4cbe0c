import type { ReadStore } from '../ports/read-store.port';
import { POSTS, type PostDocument } from '../../projections/posts/posts.projection';
import type { WeeklyCompetitionDocument } from '../../projections/weekly-competitions/weekly-competitions.projection';

/**
 * The archive as the public may see it now: a winner whose post has left the boards since
 * (removed by a moderator, its author banned, hidden, or deleted) leaves the list, with its
 * photo and name; the others keep the ranks they won. Decided at read time from the posts,
 * so a decision (and its reversal: a ban lifted) reaches every closed week at once.
 */
export async function withoutWithdrawnWinners(
  readStore: ReadStore,
  weeks: WeeklyCompetitionDocument[],
): Promise<WeeklyCompetitionDocument[]> {
  const postIds = [...new Set(weeks.flatMap((week) => week.winners.map((w) => w.postId)))];
  if (postIds.length === 0) return weeks;
  const listed = new Set(
    (await readStore.find<PostDocument>(POSTS, { _id: { $in: postIds }, listed: true })).map(
      (post) => post._id,
    ),
  );
  return weeks.map((week) =>
    week.winners.every((winner) => listed.has(winner.postId))
      ? week
      : { ...week, winners: week.winners.filter((winner) => listed.has(winner.postId)) },
  );
}
