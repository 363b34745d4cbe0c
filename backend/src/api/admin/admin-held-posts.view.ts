import { ApiProperty } from '@nestjs/swagger';
import type { PostRow } from '../../application/moderation/admin-reads';
import { AdminPostResponse, toAdminPost } from './admin-posts.view';
import { pageFields } from './admin-shared.view';

/** What the content gate said about a held post's photo. */
export class GateVerdictResponse {
  @ApiProperty({ enum: ['pass', 'review', 'refuse'] }) outcome!: 'pass' | 'review' | 'refuse';
  @ApiProperty({
    type: String,
    enum: ['face', 'person', 'nudity', 'too_small'],
    nullable: true,
    description: 'The rule that asked for a review; null for a pass',
  })
  reason!: 'face' | 'person' | 'nudity' | 'too_small' | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'number' },
    description: 'The scores that decided, by model and label (`face.ssd`, `nsfw.porn`), 0..1',
    example: { 'nsfw.sexy': 0.83 },
  })
  scores!: Record<string, number>;
  @ApiProperty({ description: 'Which gate decided', example: 'offline-v1' }) gate!: string;
}

/** A post in the "Held for review" queue: the post, why it is held and what the gate said. */
export class HeldPostResponse extends AdminPostResponse {
  @ApiProperty({
    enum: ['gate_review', 'approval_required'],
    description:
      '`gate_review`: the content check asked for a human look; `approval_required`: every post waits for an admin',
  })
  heldReason!: 'gate_review' | 'approval_required';
  @ApiProperty({ type: GateVerdictResponse, nullable: true })
  gateVerdict!: GateVerdictResponse | null;
}

export function toHeldPost(row: PostRow): HeldPostResponse {
  const held = row.post.heldForReview;
  return {
    ...toAdminPost(row),
    heldReason: held?.reason ?? 'approval_required',
    gateVerdict: held?.gate ?? null,
  };
}

export class HeldPostPage extends pageFields() {
  @ApiProperty({ type: [HeldPostResponse] }) items!: HeldPostResponse[];
}
