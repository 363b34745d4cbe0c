import { Inject, Injectable } from '@nestjs/common';
import { DISPUTE_NOT_FOUND } from '../../domain/payment/payment-account.decider';
import { NotFoundError, ValidationError } from '../../domain/shared/errors';
import { isoWeek } from '../../domain/competition/iso-week';
import { ADMINS, type AdminDocument } from '../../projections/admins/admins.projection';
import { AUDIT, AUDIT_SORT, type AuditDocument } from '../../projections/audit/audit.projection';
import { BOOSTS, type BoostDocument } from '../../projections/boosts/boosts.projection';
import { COMMENTS, type CommentDocument } from '../../projections/comments/comments.projection';
import {
  DISPUTE_STATUSES,
  type DisputeStatus,
  PAYMENT_FACT_KINDS,
  type PaymentFactDocument,
  type PaymentFactKind,
  PAYMENTS,
  PAYMENTS_SORT,
} from '../../projections/payments/payments.projection';

export { DISPUTE_STATUSES, PAYMENT_FACT_KINDS, type DisputeStatus, type PaymentFactKind };
import { POSTS, type PostDocument } from '../../projections/posts/posts.projection';
import {
  REPORT_QUEUE_SORT,
  REPORTS,
  type ReportDocument,
} from '../../projections/reports/reports.projection';
import {
  DAILY_STATISTICS,
  type DailyStatisticsDocument,
  emptyDay,
} from '../../projections/statistics/statistics.projection';
import { USERS, type UserDocument } from '../../projections/users/users.projection';
import { type Filter, READ_STORE, type ReadStore, type Sort } from '../ports/read-store.port';

export interface Page {
  page: number;
  pageSize: number;
}

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Who a row is about, as the admin screens name them. */
export interface PersonRef {
  id: string;
  name: string;
  email: string | null;
}

export type PostFilter = 'all' | 'pending' | 'hidden' | 'reported' | 'removed';
export type ReportFilter = 'all' | 'pending' | 'reviewed' | 'dismissed';
export type UserFilter = 'all' | 'active' | 'suspended' | 'banned' | 'admins';

/** A boost's state as the back office shows it; `refunded` is any boost with a refund. */
export type BoostState = 'unclaimed' | 'active' | 'expired' | 'withdrawn';
export type BoostFilter = 'all' | BoostState | 'refunded';
export const BOOST_FILTERS: readonly BoostFilter[] = [
  'all',
  'unclaimed',
  'active',
  'expired',
  'withdrawn',
  'refunded',
];
export const BOOST_NOT_FOUND = 'Boost not found';
export const NO_RECEIPT = 'No receipt is available for this boost';

/** The state now: an active boost whose time has run out is expired, swept or not. */
export function boostState(boost: BoostDocument, now: Date): BoostState {
  if (
    boost.status === 'active' &&
    boost.expiresAt &&
    Date.parse(boost.expiresAt) <= now.getTime()
  ) {
    return 'expired';
  }
  return boost.status;
}

export interface PaymentsQuery extends Page {
  kind?: PaymentFactKind;
  userId?: string;
  disputeStatus?: DisputeStatus;
}

export interface AuditQuery extends Page {
  actor?: string;
  kind?: string;
  target?: string;
  from?: string;
  to?: string;
}

const MAX_SEARCH = 100;

/** Everything the admin screens list, paginated and filtered on the server. */
@Injectable()
export class AdminReads {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  private async paged<T extends { _id: string }>(
    collection: string,
    filter: Filter,
    sort: Sort,
    { page, pageSize }: Page,
  ): Promise<Paged<T>> {
    const [items, total] = await Promise.all([
      this.readStore.find<T & { [key: string]: unknown }>(collection, filter, {
        sort,
        skip: (page - 1) * pageSize,
        limit: pageSize,
      }),
      // Counted along the list's own index walk where one fits, not by testing every document.
      this.readStore.count(collection, filter, { sort }),
    ]);
    return { items, total, page, pageSize };
  }

  /** Names and emails of the given accounts (an erased one is left out). */
  async people(userIds: readonly string[]): Promise<Map<string, PersonRef>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Map();
    const users = await this.readStore.find<UserDocument>(USERS, { _id: { $in: ids } });
    return new Map(
      users.map((user) => [
        user._id,
        {
          id: user._id,
          name: user.displayUsername ?? user.anonymousUsername,
          email: user.email ?? null,
        },
      ]),
    );
  }

  async adminNames(adminIds: readonly string[]): Promise<Map<string, string>> {
    const ids = [...new Set(adminIds)];
    if (ids.length === 0) return new Map();
    const admins = await this.readStore.find<AdminDocument>(ADMINS, { _id: { $in: ids } });
    return new Map(admins.map((admin) => [admin._id, admin.username]));
  }

  posts(
    filter: PostFilter,
    authorId: string | undefined,
    page: Page,
  ): Promise<Paged<PostDocument>> {
    const byAuthor: Filter = authorId ? { authorId } : {};
    switch (filter) {
      case 'pending':
        return this.paged(POSTS, { ...byAuthor, pendingReview: 1 }, { createdAt: -1 }, page);
      case 'hidden':
        return this.paged(
          POSTS,
          { ...byAuthor, listed: false, removed: false },
          { createdAt: -1 },
          page,
        );
      case 'reported':
        return this.paged(
          POSTS,
          { ...byAuthor, pendingReports: { $gt: 0 } },
          { pendingReports: -1, createdAt: -1 },
          page,
        );
      case 'removed':
        return this.paged(POSTS, { ...byAuthor, removed: true }, { createdAt: -1 }, page);
      default:
        return this.paged(POSTS, byAuthor, { pendingReview: -1, createdAt: -1 }, page);
    }
  }

  async post(postId: string): Promise<PostDocument> {
    const post = await this.readStore.findOne<PostDocument>(POSTS, { _id: postId });
    if (!post) throw new NotFoundError('Post not found');
    return post;
  }

  async report(reportId: string): Promise<ReportDocument> {
    const report = await this.readStore.findOne<ReportDocument>(REPORTS, { _id: reportId });
    if (!report) throw new NotFoundError('Report not found');
    return report;
  }

  async user(userId: string): Promise<UserDocument> {
    const user = await this.readStore.findOne<UserDocument>(USERS, { _id: userId });
    if (!user) throw new NotFoundError('User not found');
    return user;
  }

  comments(
    search: string | undefined,
    postId: string | undefined,
    authorId: string | undefined,
    page: Page,
  ): Promise<Paged<CommentDocument>> {
    const filter: Filter = {};
    if (postId) filter.postId = postId;
    if (authorId) filter.authorId = authorId;
    if (search) filter.text = { $regex: escapeRegExp(search.slice(0, MAX_SEARCH)), $options: 'i' };
    return this.paged(COMMENTS, filter, { createdAt: -1 }, page);
  }

  reports(
    status: ReportFilter,
    postId: string | undefined,
    authorId: string | undefined,
    page: Page,
  ): Promise<Paged<ReportDocument>> {
    const filter: Filter = {};
    if (status !== 'all') filter.status = status;
    if (postId) filter.postId = postId;
    if (authorId) filter.authorId = authorId;
    return this.paged(REPORTS, filter, REPORT_QUEUE_SORT, page);
  }

  users(search: string | undefined, status: UserFilter, page: Page): Promise<Paged<UserDocument>> {
    const filter: Filter = {};
    if (status === 'admins') filter.isAdmin = true;
    else if (status !== 'all') filter.status = status;
    if (search) {
      const pattern = { $regex: escapeRegExp(search.slice(0, MAX_SEARCH)), $options: 'i' };
      filter.$or = [
        { email: pattern },
        { anonymousUsername: pattern },
        { displayUsername: pattern },
      ];
    }
    return this.paged(USERS, filter, { createdAt: -1 }, page);
  }

  admins(page: Page): Promise<Paged<AdminDocument>> {
    return this.paged(ADMINS, {}, { createdAt: 1 }, page);
  }

  async counts(now: Date): Promise<{
    pendingPosts: number;
    pendingReports: number;
    users: number;
    boosts: number;
  }> {
    const [pendingPosts, pendingReports, users, boosts] = await Promise.all([
      this.readStore.count(POSTS, { pendingReview: 1 }),
      this.readStore.count(REPORTS, { pending: 1 }),
      this.readStore.count(USERS, {}),
      this.readStore.count(BOOSTS, { status: 'active', expiresAt: { $gt: now.toISOString() } }),
    ]);
    return { pendingPosts, pendingReports, users, boosts };
  }

  /** Every boost, newest first; `active` and `expired` read the expiry against `now`. */
  boosts(
    filter: BoostFilter,
    userId: string | undefined,
    postId: string | undefined,
    now: Date,
    page: Page,
  ): Promise<Paged<BoostDocument>> {
    const query: Filter = {};
    if (userId) query.userId = userId;
    if (postId) query.postId = postId;
    const at = now.toISOString();
    switch (filter) {
      case 'active':
        Object.assign(query, { status: 'active', expiresAt: { $gt: at } });
        break;
      case 'expired':
        query.$or = [{ status: 'expired' }, { status: 'active', expiresAt: { $lte: at } }];
        break;
      case 'refunded':
        query.refunded = true;
        break;
      case 'unclaimed':
      case 'withdrawn':
        query.status = filter;
        break;
      default:
        break;
    }
    return this.paged(BOOSTS, query, { createdAt: -1 }, page);
  }

  async boost(boostId: string): Promise<BoostDocument> {
    const boost = await this.readStore.findOne<BoostDocument>(BOOSTS, { _id: boostId });
    if (!boost) throw new NotFoundError(BOOST_NOT_FOUND);
    return boost;
  }

  /** The charge's receipt address; 404 when Stripe gave none. */
  async boostReceipt(boostId: string): Promise<string> {
    const boost = await this.boost(boostId);
    if (!boost.receiptUrl) throw new NotFoundError(NO_RECEIPT);
    return boost.receiptUrl;
  }

  /** Every purchase, donation, refund and dispute Stripe told of, newest first. */
  payments(query: PaymentsQuery): Promise<Paged<PaymentFactDocument>> {
    const filter: Filter = {};
    if (query.kind) filter.kind = query.kind;
    if (query.userId) filter.userId = query.userId;
    if (query.disputeStatus) filter.disputeStatus = query.disputeStatus;
    return this.paged(PAYMENTS, filter, PAYMENTS_SORT, query);
  }

  async dispute(stripeDisputeId: string): Promise<PaymentFactDocument> {
    const dispute = await this.readStore.findOne<PaymentFactDocument>(PAYMENTS, {
      _id: `dispute-${stripeDisputeId}`,
    });
    if (!dispute) throw new NotFoundError(DISPUTE_NOT_FOUND);
    return dispute;
  }

  audit(query: AuditQuery): Promise<Paged<AuditDocument>> {
    const filter: Filter = {};
    if (query.actor) filter.actorId = query.actor;
    if (query.kind) filter.kind = query.kind;
    if (query.target) filter.targetId = query.target;
    const at: Record<string, string> = {};
    if (query.from) at.$gte = dayStart(query.from, 'from');
    if (query.to) at.$lt = dayAfter(query.to);
    if (Object.keys(at).length > 0) filter.at = at;
    return this.paged(AUDIT, filter, AUDIT_SORT, query);
  }

  /** Days (oldest first, missing days as zeros) and their ISO weeks, between two dates. */
  async statistics(
    from: string,
    to: string,
  ): Promise<{
    days: DailyStatisticsDocument[];
    weeks: (Omit<DailyStatisticsDocument, '_id'> & { week: string })[];
  }> {
    const start = dayStart(from, 'from').slice(0, 10);
    const end = dayStart(to, 'to').slice(0, 10);
    if (start > end) throw new ValidationError('from must not be after to');
    const span = (Date.parse(end) - Date.parse(start)) / 86_400_000;
    if (span > 366) throw new ValidationError('A range is at most 366 days');
    const stored = await this.readStore.find<DailyStatisticsDocument>(DAILY_STATISTICS, {
      _id: { $gte: start, $lte: end },
    });
    const byDay = new Map(stored.map((day) => [day._id, day]));
    const days: DailyStatisticsDocument[] = [];
    for (let t = Date.parse(start); t <= Date.parse(end); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      days.push({ ...emptyDay(day), ...byDay.get(day) });
    }
    const weeks = new Map<string, Omit<DailyStatisticsDocument, '_id'> & { week: string }>();
    for (const day of days) {
      const week = isoWeek(new Date(`${day._id}T12:00:00.000Z`));
      const total = weeks.get(week) ?? { ...withoutId(emptyDay(day._id)), week };
      for (const [key, value] of Object.entries(withoutId(day))) {
        (total as Record<string, unknown>)[key] =
          ((total as Record<string, unknown>)[key] as number) + (value as number);
      }
      weeks.set(week, total);
    }
    return { days, weeks: [...weeks.values()] };
  }
}

function withoutId(day: DailyStatisticsDocument): Omit<DailyStatisticsDocument, '_id'> {
  const { _id: _ignored, ...rest } = day;
  return rest;
}

function dayStart(value: string, name: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw new ValidationError(`${name} must be a date (YYYY-MM-DD)`);
  }
  return `${value}T00:00:00.000Z`;
}

function dayAfter(value: string): string {
  return new Date(Date.parse(dayStart(value, 'to')) + 86_400_000).toISOString();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
