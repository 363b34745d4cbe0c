import { Injectable } from '@nestjs/common';
import { PostReads } from '../post-reads';

/** Spec §9's labels by overall score. */
export type ScoreLabel =
  'LEGENDARY' | 'EXCELLENT' | 'GREAT' | 'GOOD' | 'AVERAGE' | 'BELOW AVERAGE' | 'NEEDS WORK';

/**
 * What a shared link to a post shows (its page's head and its share card): public posts only,
 * so a hidden, held, removed or deleted post has none (NotFoundError 'Post not found').
 */
export interface PostPreview {
  postId: string;
  authorId: string;
  /** The author's current public name: the display name, else the anonymous one. */
  authorName: string;
  /** One decimal, as the screens show it ("8.1"); null before any rating. */
  score: string | null;
  label: ScoreLabel | null;
  /** Its place on this week's board; null when it is not on it or not rated yet. */
  weeklyRank: number | null;
  /** The stored photo, `/uploads/…`. */
  imageUrl: string;
  /**
   * Changes whenever what the card shows changes (score, label, rank, photo, design): the
   * card's address carries it, so a cached card is never shown for a changed post.
   */
  cardVersion: string;
}

/** Raised whenever the card's drawing changes, so every cached card is drawn again. */
const CARD_DESIGN = 2;

@Injectable()
export class PostPreviews {
  constructor(private readonly reads: PostReads) {}

  async of(postId: string): Promise<PostPreview> {
    const post = await this.reads.visiblePost(postId, null);
    const [author, weeklyRank] = await Promise.all([
      this.reads.author(post.authorId),
      // The rank the weekly board and the post's page show (rated posts only).
      this.reads.weeklyRank(post),
    ]);
    const score = oneDecimal(post.averageRating);
    return {
      postId: post._id,
      authorId: post.authorId,
      authorName: publicName(author),
      score,
      label: score === null ? null : scoreLabel(Number(score)),
      weeklyRank,
      imageUrl: post.imageUrl,
      cardVersion: [
        `d${CARD_DESIGN}`,
        score ?? 'n',
        weeklyRank ?? 0,
        post.contentHash.slice(0, 12),
      ].join('-'),
    };
  }
}

/** The name an author goes by, as the app's screens show it. */
export function publicName(
  user: { displayUsername: string | null; anonymousUsername: string } | null,
): string {
  return user?.displayUsername?.trim() || user?.anonymousUsername.trim() || 'Anonymous';
}

/** Half up on the decimal value, as the api's answers round (7.05 is 7.1). */
function oneDecimal(rating: number | null): string | null {
  return rating === null ? null : (Math.round(rating * 10 + 1e-9) / 10).toFixed(1);
}

export function scoreLabel(score: number): ScoreLabel {
  if (score >= 9) return 'LEGENDARY';
  if (score >= 8) return 'EXCELLENT';
  if (score >= 7) return 'GREAT';
  if (score >= 6) return 'GOOD';
  if (score >= 5) return 'AVERAGE';
  if (score >= 3) return 'BELOW AVERAGE';
  return 'NEEDS WORK';
}
