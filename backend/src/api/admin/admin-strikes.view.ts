import { ApiProperty } from '@nestjs/swagger';
import type { UserStrikesView } from '../../application/moderation/get-user-strikes/get-user-strikes.query';

const CAUSES = ['photo_refused', 'report_upheld', 'comment_refused'] as const;

export class StrikeCauseResponse {
  @ApiProperty({ enum: CAUSES }) kind!: (typeof CAUSES)[number];
  /** Why the photo or comment was refused (face_or_person, offensive, …) */
  reason!: string | null;
  postId!: string | null;
  ratingId!: string | null;
  reportId!: string | null;
  commentId!: string | null;
}

export class StrikeResponse {
  id!: string;
  /** When the offence happened */
  @ApiProperty({ format: 'date-time' }) at!: string;
  cause!: StrikeCauseResponse;
  /**
   * When it stopped counting: the refused photo was fixed by an upload that passed within 10
   * minutes
   */
  @ApiProperty({ type: String, format: 'date-time' })
  withdrawnAt!: string | null;
}

export class SuspensionLiftResponse {
  @ApiProperty({ format: 'date-time' }) at!: string;
  /** The admin who lifted it */
  by!: string | null;
  reason!: string;
}

export class StrikeSuspensionResponse {
  @ApiProperty({ format: 'date-time' }) from!: string;
  @ApiProperty({ format: 'date-time' }) until!: string;
  /** The strikes it was for */
  strikeIds!: string[];
  lifted!: SuspensionLiftResponse | null;
}

export class UserStrikesResponse {
  strikes!: StrikeResponse[];
  suspensions!: StrikeSuspensionResponse[];
  /** The end of the posting suspension running now, or null */
  @ApiProperty({ type: String, format: 'date-time' })
  suspendedUntil!: string | null;
}

export function toUserStrikes(view: UserStrikesView): UserStrikesResponse {
  return {
    strikes: view.strikes.map(({ strikeId, at, cause, withdrawnAt }) => ({
      id: strikeId,
      at,
      withdrawnAt: withdrawnAt ?? null,
      cause: {
        kind: cause.kind,
        reason: 'reason' in cause ? cause.reason : null,
        postId: 'postId' in cause ? cause.postId : null,
        ratingId: 'ratingId' in cause ? cause.ratingId : null,
        reportId: 'reportId' in cause ? cause.reportId : null,
        commentId: 'commentId' in cause ? cause.commentId : null,
      },
    })),
    suspensions: view.suspensions.map((s) => ({
      from: s.from,
      until: s.until,
      strikeIds: s.strikeIds,
      lifted: s.lifted,
    })),
    suspendedUntil: view.suspendedUntil,
  };
}
