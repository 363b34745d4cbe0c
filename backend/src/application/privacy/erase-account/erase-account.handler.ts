import { Inject, Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { fold } from '../../../domain/shared/decider';
import { ForbiddenError, NotFoundError } from '../../../domain/shared/errors';
import type { CommandMetadata, RecordedEvent } from '../../../domain/shared/event';
import { reservationDecider } from '../../../domain/reservation/reservation.decider';
import { reservationHolder } from '../../shared/reservations';
import { USER_NOT_FOUND, userDecider } from '../../../domain/user/user.decider';
import type { RegisteredUser } from '../../../domain/user/user.decider';
import type { UserEvent } from '../../../domain/user/user.events';
import { COMMENTS, type CommentDocument } from '../../../projections/comments/comments.projection';
import { POSTS, type PostDocument } from '../../../projections/posts/posts.projection';
import { REPORTS, type ReportDocument } from '../../../projections/reports/reports.projection';
import {
  WEEKLY_COMPETITIONS,
  type WeeklyCompetitionDocument,
} from '../../../projections/weekly-competitions/weekly-competitions.projection';
import { AccountKeys, accountStreams } from '../../accounts/account-secrets';
import { DeleteCommentCommand } from '../../community/delete-comment/delete-comment.command';
import { DeletePostCommand } from '../../community/delete-post/delete-post.command';
import { ERASURE_LEDGER, type ErasureLedger } from '../../ports/erasure-ledger.port';
import { IMAGE_STORAGE, type ImageStorage } from '../../ports/image-storage.port';
import { MAIL_OUTBOX, type MailOutbox } from '../../ports/mail.port';
import { PASSWORD_HASHER, type PasswordHasher } from '../../ports/password-hasher.port';
import { PERSONAL_DATA_KEYS, type PersonalDataKeys } from '../../ports/personal-data-keys.port';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { commandMetadata } from '../../shared/command-metadata';
import { EraseAccountCommand } from './erase-account.command';
import { SessionRevocations } from '../../accounts/session-revocations';
import { UnpublishedUploads } from '../../rate-photo/discard-unpublished-uploads/unpublished-uploads';
import { deletePhotoFilesUnlessShown } from '../../rate-photo/photo-files';
import { StreamWrites } from '../../shared/stream-writes';

export const ERASE_PASSWORD_INCORRECT = 'Password is incorrect';

/** A wrong password when erasing; the api counts these like failed sign-ins. */
export class WrongErasePasswordError extends ForbiddenError {
  constructor() {
    super(ERASE_PASSWORD_INCORRECT);
  }
}

const PICTURE_URL = /^\/uploads\/([0-9a-f]{2})\/(\1[0-9a-f]{62})\.thumb\.webp$/;

/**
 * Erases an account (the privacy policy's "erasure"), in an order that a crash or a retry can
 * resume at any step:
 * 1. the password is checked, and the erasure recorded in the erasure ledger (outside the data
 *    directory and the backups, so a restore erases the account again);
 * 2. its comments and posts are deleted as their author would, and its unpublished uploads go;
 * 3. its profile pictures' files go (unless someone else shows the same file);
 * 4. its email and names are released;
 * 5. `AccountErased` ends every session and makes the read models drop it;
 * 6. its key is destroyed, so what the log holds of the person reads as null (`KeyShredder`
 *    does it again should the process stop between 5 and 6);
 * 7. a last sweep deletes what it posted meanwhile, and the embedded stores empty their
 *    write-ahead logs, so no file keeps an older copy of what went.
 * Likes and ratings it gave stay as anonymous counts.
 */
@CommandHandler(EraseAccountCommand)
export class EraseAccountHandler implements ICommandHandler<EraseAccountCommand, void> {
  private readonly logger = new Logger('Erasure');

  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly writes: StreamWrites,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(IMAGE_STORAGE) private readonly images: ImageStorage,
    @Inject(PERSONAL_DATA_KEYS) private readonly keys: PersonalDataKeys,
    @Inject(MAIL_OUTBOX) private readonly outbox: MailOutbox | null,
    private readonly revocations: SessionRevocations,
    private readonly commandBus: CommandBus,
    private readonly accountKeys: AccountKeys,
    private readonly uploads: UnpublishedUploads,
    @Inject(ERASURE_LEDGER) private readonly ledger: ErasureLedger,
  ) {}

  async execute({ userId, password, correlationId }: EraseAccountCommand): Promise<void> {
    const { state, stream } = await this.account(userId);
    if (state.status !== 'registered') throw new NotFoundError(USER_NOT_FOUND);
    if (
      typeof state.passwordHash !== 'string' ||
      !(await this.hasher.verify(state.passwordHash, password))
    ) {
      throw new WrongErasePasswordError();
    }
    // First, where restoring a backup cannot roll it back: a restore erases the account again.
    const decidedOn = lastPosition(stream);
    await this.ledger.record({
      userId,
      at: this.writes.now().toISOString(),
      position: decidedOn === null ? null : decidedOn.toString(),
    });
    await this.erase(state, stream, correlationId);
  }

  /**
   * Steps 2 to 7 without asking for the password, for an erasure recorded in the erasure ledger
   * that a restored log does not hold. False when the log holds no such account (anymore).
   */
  async eraseAgain(userId: string, correlationId: string): Promise<boolean> {
    const { state, stream } = await this.account(userId);
    if (state.status !== 'registered') return false;
    await this.erase(state, stream, correlationId);
    return true;
  }

  private async account(userId: string) {
    const stream = await this.writes.streamEvents(accountStreams.user(userId));
    const state = fold(
      userDecider,
      stream.map((event) => ({ type: event.type, data: event.data }) as UserEvent),
    );
    return { state, stream };
  }

  private async erase(
    state: RegisteredUser,
    stream: readonly AccountEvent[],
    correlationId: string,
  ): Promise<void> {
    const { userId } = state;
    const metadata = commandMetadata(
      { type: 'user', id: userId },
      this.writes.now(),
      correlationId,
    );

    // The read models hold the account as the erasure was decided on. What it recorded elsewhere
    // that they do not list yet is found by the second sweep, once they include AccountErased:
    // the log's head is never asked for (on EventStoreDB, a scan of $all).
    await this.writes.settled(lastPosition(stream), 30_000);
    await this.removeContent(userId, metadata);
    await this.removePictures(userId, picturesOf(stream));
    // An account registered on an address another account holds leaves that one's mail alone.
    const heldAddress = await this.holdsAddress(state);
    await this.releaseNames(state, metadata);

    const archived = await this.readStore.find<WeeklyCompetitionDocument>(WEEKLY_COMPETITIONS, {
      'winners.userId': userId,
    });
    const reports = await this.readStore.find<ReportDocument>(REPORTS, { reporterId: userId });
    const decided = await this.writes.decide(
      accountStreams.user(userId),
      userDecider,
      {
        type: 'EraseAccount',
        data: {
          archivedWeeks: archived.map((week) => week._id),
          reports: reports.map((report) => report._id),
        },
      },
      metadata,
    );
    await this.keys.destroy(userId);
    if (heldAddress) this.outbox?.forget(state.email);
    await this.revocations.record(decided.events);
    await this.writes.settled(decided.position, 30_000);
    // A post, comment or upload recorded by another of its sessions while this ran goes too.
    const removed = await this.removeContent(userId, metadata);
    // No older copy of what was deleted stays in the stores' files (write-ahead logs): the read
    // models first take in this erasure's last writes (the uploads' wait for their own).
    await this.writes.settled(later(decided.position, removed), 30_000);
    await this.readStore.scrubFreedSpace?.();
    await this.writes.scrubFreedSpace();
    this.logger.log(`Account ${userId} erased`);
  }

  /** Answers the position of the last deletion it appended (null: none). */
  private async removeContent(userId: string, metadata: CommandMetadata): Promise<bigint | null> {
    const { correlationId } = metadata;
    const comments = await this.readStore.find<CommentDocument>(
      COMMENTS,
      { authorId: userId },
      { sort: { createdAt: 1 } },
    );
    // Threads first: a thread takes its replies with it, including the account's own.
    const ordered = [
      ...comments.filter((comment) => comment.parentCommentId === null),
      ...comments.filter((comment) => comment.parentCommentId !== null),
    ];
    let last: bigint | null = null;
    for (const comment of ordered) {
      const deleted = await this.ignoringGone(() =>
        this.commandBus.execute(new DeleteCommentCommand(userId, comment._id, correlationId)),
      );
      last = later(last, deleted);
    }
    const posts = await this.readStore.find<PostDocument>(POSTS, { authorId: userId });
    for (const post of posts) {
      const deleted = await this.ignoringGone(() =>
        this.commandBus.execute(new DeletePostCommand(userId, post._id, correlationId)),
      );
      last = later(last, deleted);
    }
    // Photos it uploaded while signed in and never published: their files go too (it waits for
    // the read models to take in its own writes).
    await this.uploads.discardUploadsOf(userId, metadata);
    return last;
  }

  /** Every picture the account ever set; a file stays while another post or account shows it. */
  private async removePictures(userId: string, urls: string[]) {
    for (const url of new Set(urls)) {
      const match = PICTURE_URL.exec(url);
      if (!match) continue;
      await deletePhotoFilesUnlessShown(this.readStore, this.images, match[2], userId);
    }
  }

  private async holdsAddress({ userId, email }: RegisteredUser): Promise<boolean> {
    if (typeof email !== 'string') return false;
    const holder = await reservationHolder(this.writes, this.accountKeys.emailStream(email));
    return holder?.ownerId === userId;
  }

  private async releaseNames(state: RegisteredUser, metadata: CommandMetadata) {
    const { userId } = state;
    // A name reads as null when the key is already gone (an erasure applied again to a log
    // restored from a backup whose key store was copied after the key's destruction): its
    // reservation cannot be found by it, and stays.
    const readable = (name: string | null): name is string => typeof name === 'string';
    const streams = [
      ...(readable(state.email) ? [this.accountKeys.emailStream(state.email)] : []),
      ...(readable(state.anonymousUsername)
        ? [this.accountKeys.usernameStream(state.anonymousUsername)]
        : []),
      ...(state.profile.displayUsername
        ? [this.accountKeys.displayNameStream(state.profile.displayUsername)]
        : []),
    ];
    for (const streamId of streams) {
      const release = { type: 'ReleaseReservation' as const, data: { ownerId: userId } };
      await this.writes.decide(streamId, reservationDecider, release, metadata);
    }
  }

  /** Deleted meanwhile (a thread deleted with its replies, a retried erasure): done already. */
  private async ignoringGone(run: () => Promise<bigint | null>): Promise<bigint | null> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      return null;
    }
  }
}

/** What the erasure uses of the account's events. */
type AccountEvent = Pick<RecordedEvent, 'type' | 'data' | 'position'>;

/** The position of the account's last event: what the erasure is decided on. */
function lastPosition(stream: readonly AccountEvent[]): bigint | null {
  return stream.length === 0 ? null : stream[stream.length - 1].position;
}

/** The later of two positions (null: none). */
function later(a: bigint | null, b: bigint | null): bigint | null {
  if (a === null) return b;
  return b === null || a >= b ? a : b;
}

function picturesOf(stream: readonly AccountEvent[]): string[] {
  return stream
    .filter((event) => event.type === 'ProfilePictureChanged')
    .map((event) => (event.data as { profilePictureUrl?: unknown }).profilePictureUrl)
    .filter((url): url is string => typeof url === 'string');
}
