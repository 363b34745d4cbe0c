import type { RecordedEvent } from '../../domain/shared/event';
import { amountCents } from '../audit/audit.projection';
import type { ReadDocument } from '../read-model';
import type { Projection } from '../projection';

export const DAILY_STATISTICS = 'daily_statistics';

/** One UTC day of activity (`_id` is the day, `2026-11-22`); weeks add up their days. */
export interface DailyStatisticsDocument extends ReadDocument {
  uploads: number;
  ratings: number;
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
  refunds: number;
  refundedAmount: number;
}

export type StatisticsCounter = Exclude<keyof DailyStatisticsDocument, '_id'>;

const REFUNDS = [
  'PaymentRefunded',
  'BoostRefunded',
  'DonationRefunded',
  'RefundIssued',
  'ChargeRefunded',
];

/** What each event adds to its day. */
function increments(event: RecordedEvent): Partial<Record<StatisticsCounter, number>> {
  switch (event.type) {
    case 'PhotoRated':
    case 'PhotoRejected':
      return { uploads: 1 };
    case 'Rated':
      return { ratings: 1 };
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
    case 'BoostPurchased':
      return { boostsSold: 1, boostRevenue: amountCents(event.data) ?? 0 };
    case 'DonationReceived':
      return { donations: 1, donationRevenue: amountCents(event.data) ?? 0 };
    default:
      return REFUNDS.includes(event.type)
        ? { refunds: 1, refundedAmount: amountCents(event.data) ?? 0 }
        : {};
  }
}

export function emptyDay(day: string): DailyStatisticsDocument {
  return {
    _id: day,
    uploads: 0,
    ratings: 0,
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
    'PostPublished',
    'UserRegistered',
    'Liked',
    'CommentPosted',
    'PostReported',
    'BoostPurchased',
    'DonationReceived',
    ...REFUNDS,
  ],

  documentId(event) {
    const at = event.metadata?.at;
    return typeof at === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(at) ? at.slice(0, 10) : null;
  },

  apply(day, event, id) {
    const next: Record<string, unknown> = {
      ...(day ?? emptyDay(id ?? event.metadata.at.slice(0, 10))),
    };
    for (const [key, by] of Object.entries(increments(event))) {
      next[key] = (typeof next[key] === 'number' ? next[key] : 0) + (by ?? 0);
    }
    return next as DailyStatisticsDocument;
  },
};
