import { Inject, Injectable } from '@nestjs/common';
import { ADMINS, type AdminDocument } from '../../projections/admins/admins.projection';
import { DISPUTE_NOT_FOUND } from '../../domain/payment/payment-account.decider';
import { PAYMENTS, type PaymentFactDocument } from '../../projections/payments/payments.projection';
import { POSTS, type PostDocument } from '../../projections/posts/posts.projection';
import type { ReportDocument } from '../../projections/reports/reports.projection';
import { USERS, type UserDocument } from '../../projections/users/users.projection';
import { NotFoundError } from '../../domain/shared/errors';
import {
  type Filter,
  type FindOptions,
  READ_STORE,
  type ReadDocument,
  type ReadStore,
  type Sort,
} from '../ports/read-store.port';
import { CLOCK, type Clock } from '../shared/clock';
import { type Page, pageOf } from './admin-lists';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The document of that id in a collection, or null for an id that cannot be one (not a uuid). */
export function findById<T extends { _id: string }>(
  readStore: ReadStore,
  collection: string,
  id: string,
): Promise<T | null> {
  return UUID.test(id)
    ? readStore.findOne<T & { [key: string]: unknown }>(collection, { _id: id })
    : Promise.resolve(null);
}

/** Who a row is about, as the admin screens name them. */
export interface PersonRef {
  id: string;
  name: string;
  email: string | null;
}

export interface PostRow {
  post: PostDocument;
  author: PersonRef | null;
}

export interface ReportRow {
  report: ReportDocument;
  /** The reported post, null when the read model has none. */
  post: PostRow | null;
  reporter: PersonRef | null;
  /** The post's author. */
  author: PersonRef | null;
  /** The reviewing admin's username (its id when the admin is unknown). */
  reviewedBy: string | null;
}

export interface PaymentRow {
  fact: PaymentFactDocument;
  /** The buyer or donor. */
  user: PersonRef | null;
  /** The username of the admin who resolved a dispute (its id when the admin is unknown). */
  resolvedBy: string | null;
}

/**
 * What the back office reads: the read models (a page of a list, one document or a 404, counts,
 * all as of the one clock), and the people the admin pages name: accounts by name and email,
 * admins by username, and the rows that show them (posts with their authors, reports with their
 * post and people).
 */
@Injectable()
export class AdminReads {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  now(): Date {
    return this.clock.now();
  }

  /** A page of an admin list, in the list's order. */
  page<T extends { _id: string }>(collection: string, filter: Filter, sort: Sort, page: Page) {
    return pageOf<T>(this.readStore, collection, filter, sort, page);
  }

  /** The one document the filter finds, or a 404 with `notFound`. */
  async one<T extends ReadDocument>(collection: string, filter: Filter, notFound: string) {
    const document = await this.readStore.findOne<T>(collection, filter);
    if (!document) throw new NotFoundError(notFound);
    return document;
  }

  /** A dispute as the payments read model records it, or a 404. */
  dispute(stripeDisputeId: string): Promise<PaymentFactDocument> {
    const filter = { _id: `dispute-${stripeDisputeId}` };
    return this.one<PaymentFactDocument>(PAYMENTS, filter, DISPUTE_NOT_FOUND);
  }

  /** The document of that id, or null for an id that cannot be one (not a uuid). */
  byId<T extends { _id: string }>(collection: string, id: string): Promise<T | null> {
    return findById<T>(this.readStore, collection, id);
  }

  find<T extends ReadDocument>(collection: string, filter: Filter, options?: FindOptions) {
    return this.readStore.find<T>(collection, filter, options);
  }

  count(collection: string, filter: Filter): Promise<number> {
    return this.readStore.count(collection, filter);
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

  async adminNames(adminIds: readonly (string | null)[]): Promise<Map<string, string>> {
    const ids = [...new Set(adminIds.filter((id): id is string => id !== null))];
    if (ids.length === 0) return new Map();
    const admins = await this.readStore.find<AdminDocument>(ADMINS, { _id: { $in: ids } });
    return new Map(admins.map((admin) => [admin._id, admin.username]));
  }

  async postRows(posts: readonly PostDocument[]): Promise<PostRow[]> {
    const people = await this.people(posts.map((post) => post.authorId));
    return posts.map((post) => ({ post, author: people.get(post.authorId) ?? null }));
  }

  async paymentRows(facts: readonly PaymentFactDocument[]): Promise<PaymentRow[]> {
    const [people, admins] = await Promise.all([
      this.people(facts.flatMap((fact) => (fact.userId ? [fact.userId] : []))),
      this.adminNames(facts.map((fact) => fact.resolvedBy)),
    ]);
    return facts.map((fact) => ({
      fact,
      user: fact.userId ? (people.get(fact.userId) ?? null) : null,
      resolvedBy: nameOf(admins, fact.resolvedBy),
    }));
  }

  async reportRows(reports: readonly ReportDocument[]): Promise<ReportRow[]> {
    const postIds = [...new Set(reports.map((r) => r.postId))];
    const posts = await Promise.all(
      postIds.map((_id) => this.readStore.findOne<PostDocument>(POSTS, { _id })),
    );
    const postRows = await this.postRows(posts.filter((p): p is PostDocument => p !== null));
    const byId = new Map(postRows.map((row) => [row.post._id, row]));
    const [people, admins] = await Promise.all([
      this.people(reports.flatMap((r) => [r.reporterId, r.authorId])),
      this.adminNames(reports.map((r) => r.reviewedBy)),
    ]);
    return reports.map((report) => ({
      report,
      post: byId.get(report.postId) ?? null,
      reporter: people.get(report.reporterId) ?? null,
      author: people.get(report.authorId) ?? null,
      reviewedBy: nameOf(admins, report.reviewedBy),
    }));
  }
}

/** An admin's username, its id when the admin is unknown, null for no admin. */
export function nameOf(admins: Map<string, string>, adminId: string | null): string | null {
  return adminId ? (admins.get(adminId) ?? adminId) : null;
}
