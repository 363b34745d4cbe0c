import { Inject, Injectable } from '@nestjs/common';
import { ADMINS, type AdminDocument } from '../../projections/admins/admins.projection';
import type { PaymentFactDocument } from '../../projections/payments/payments.projection';
import { POSTS, type PostDocument } from '../../projections/posts/posts.projection';
import type { ReportDocument } from '../../projections/reports/reports.projection';
import { USERS, type UserDocument } from '../../projections/users/users.projection';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';

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
 * The people the admin pages name: accounts by name and email, admins by username, and the rows
 * that show them (posts with their authors, reports with their post and people).
 */
@Injectable()
export class AdminPeople {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

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
