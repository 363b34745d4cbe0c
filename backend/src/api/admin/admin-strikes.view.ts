import { ApiProperty } from '@nestjs/swagger';
import type { UserStrikesView } from '../../application/moderation/get-user-strikes/get-user-strikes.query';

const CAUSES = ['photo_refused', 'report_upheld', 'comment_refused'] as const;

export class StrikeCauseResponse {
  @ApiProperty({ enum: CAUSES }) kind!: (typeof CAUSES)[number];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why the photo or comment was refused (face_or_person, offensive, …)',
  })
  reason!: string | null;
  @ApiProperty({ type: String, nullable: true }) postId!: string | null;
  @ApiProperty({ type: String, nullable: true }) ratingId!: string | null;
  @ApiProperty({ type: String, nullable: true }) reportId!: string | null;
  @ApiProperty({ type: String, nullable: true }) commentId!: string | null;
}

export class StrikeResponse {
  @ApiProperty() id!: string;
  @ApiProperty({ format: 'date-time', description: 'When the offence happened' }) at!: string;
  @ApiProperty({ type: StrikeCauseResponse }) cause!: StrikeCauseResponse;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      'When it stopped counting: the refused photo was fixed by an upload that passed within 10 minutes',
  })
  withdrawnAt!: string | null;
}

export class SuspensionLiftResponse {
  @ApiProperty({ format: 'date-time' }) at!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The admin who lifted it' })
  by!: string | null;
  @ApiProperty() reason!: string;
}

export class StrikeSuspensionResponse {
  @ApiProperty({ format: 'date-time' }) from!: string;
  @ApiProperty({ format: 'date-time' }) until!: string;
  @ApiProperty({ type: [String], description: 'The strikes it was for' }) strikeIds!: string[];
  @ApiProperty({ type: SuspensionLiftResponse, nullable: true })
  lifted!: SuspensionLiftResponse | null;
}

export class UserStrikesResponse {
  @ApiProperty({ type: [StrikeResponse] }) strikes!: StrikeResponse[];
  @ApiProperty({ type: [StrikeSuspensionResponse] }) suspensions!: StrikeSuspensionResponse[];
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'The end of the posting suspension running now, or null',
  })
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
