import type { Rated } from '../../domain/post-rating/post-rating.decider';
import type { RecordedEvent } from '../../domain/shared/event';
import { amountCents } from '../audit/audit.projection';
import type { ReadDocument } from '../read-model';
import type { Projection } from '../projection';

export const DAILY_STATISTICS = 'daily_statistics';

/** One UTC day of activity (`_id` is the day, `2026-11-22`); weeks add up their days. */
export interface DailyStatisticsDocument extends ReadDocument {
  uploads: number;
  /** Community ratings cast that day, held ones included. */
  ratings: number;
  /**
   * Community ratings that began to count that day: cast by an account whose votes count, or
   * released from a hold (a young account's day passing, a cluster cleared). What boards and
   * post pages add up, so the home page's weekly votes agree with them.
   */
  countedRatings: number;
  posts: number;
  users: number;
  likes: number;
  comments: number;
  reports: number;
  boostsSold: number;
  /** Revenue in integer cents. */
  boostRevenue: number;
  donations: number;
  donationRevenue: number;
  /** Refunds (each partial refund counts), and the cents they gave back. */
  refunds: number;
  refundedAmount: number;
}

export type StatisticsCounter = Exclude<keyof DailyStatisticsDocument, '_id'>;

/** What each event adds to its day. */
function increments(event: RecordedEvent): Partial<Record<StatisticsCounter, number>> {
  switch (event.type) {
    case 'PhotoRated':
    case 'PhotoRejected':
      return { uploads: 1 };
    case 'Rated':
      return (event.data as Rated['data']).heldOut?.length
        ? { ratings: 1 }
        : { ratings: 1, countedRatings: 1 };
    case 'RatingCounted':
      return { countedRatings: 1 };
    case 'PostPublished':
      return { posts: 1 };
    case 'UserRegistered':
      return { users: 1 };
    case 'Liked':
      return { likes: 1 };
    case 'CommentPosted':
      return { comments: 1 };
    case 'PostReported':
      return { reports: 1 };
    // Revenue counts each cent once: a sale from its purchase or donation (not again from the
    // payment's PaymentReceived), a refund from the payment's PaymentRefunded, which covers
    // boosts and donations alike and says the cents it adds to the payment's refunded total
    // (not again from the boost's BoostRefunded).
    case 'BoostPurchased':
      return { boostsSold: 1, boostRevenue: amountCents(event.type, event.data) ?? 0 };
    case 'DonationReceived':
      return { donations: 1, donationRevenue: amountCents(event.type, event.data) ?? 0 };
    case 'PaymentRefunded':
      return { refunds: 1, refundedAmount: amountCents(event.type, event.data) ?? 0 };
    default:
      return {};
  }
}

export function emptyDay(day: string): DailyStatisticsDocument {
  return {
    _id: day,
    uploads: 0,
    ratings: 0,
    countedRatings: 0,
    posts: 0,
    users: 0,
    likes: 0,
    comments: 0,
    reports: 0,
    boostsSold: 0,
    boostRevenue: 0,
    donations: 0,
    donationRevenue: 0,
    refunds: 0,
    refundedAmount: 0,
  };
}

export const statisticsProjection: Projection<DailyStatisticsDocument> = {
  collection: DAILY_STATISTICS,
  handles: [
    'PhotoRated',
    'PhotoRejected',
    'Rated',
    'RatingCounted',
    'PostPublished',
    'UserRegistered',
    'Liked',
    'CommentPosted',
    'PostReported',
    'BoostPurchased',
    'DonationReceived',
    'PaymentRefunded',
  ],

  documentId(event) {
    const at = event.metadata?.at;
    return typeof at === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(at) ? at.slice(0, 10) : null;
  },

  apply(day, event, id) {
    return count(day ? { ...day } : emptyDay(id ?? event.metadata.at.slice(0, 10)), event);
  },

  applyInPlace(day, event, id) {
    return count(day ?? emptyDay(id ?? event.metadata.at.slice(0, 10)), event);
  },
};

/** Adds the event's increments to `day` itself. */
function count(day: DailyStatisticsDocument, event: RecordedEvent): DailyStatisticsDocument {
  const counters = day as unknown as Record<string, unknown>;
  for (const [key, by] of Object.entries(increments(event))) {
    counters[key] = (typeof counters[key] === 'number' ? counters[key] : 0) + (by ?? 0);
  }
  return day;
}
