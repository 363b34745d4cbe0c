import { ApiProperty } from '@nestjs/swagger';
import type { PostRow } from '../../application/moderation/admin-reads';
import { AdminPostResponse, toAdminPost } from './admin-posts.view';
import { pageFields } from './admin-shared.view';

/** What the content gate said about a held post's photo. */
export class GateVerdictResponse {
  outcome!: 'pass' | 'review' | 'refuse';
  /** The rule that asked for a review; null for a pass */
  reason!: 'face' | 'person' | 'nudity' | 'too_small' | null;
  /** The scores that decided, by model and label (`face.ssd`, `nsfw.porn`), 0..1 */
  @ApiProperty({ additionalProperties: { type: 'number' }, example: { 'nsfw.sexy': 0.83 } })
  scores!: Record<string, number>;
  /** Which gate decided */
  @ApiProperty({ example: 'offline-v1' }) gate!: string;
}

/** A post in the "Held for review" queue: the post, why it is held and what the gate said. */
export class HeldPostResponse extends AdminPostResponse {
  /**
   * `gate_review`: the content check asked for a human look; `repost_review`: the photo looks like
   * another member's post; `approval_required`: every post waits for an admin
   */
  heldReason!: 'gate_review' | 'repost_review' | 'approval_required';
  gateVerdict!: GateVerdictResponse | null;
  /** Other members' posts whose photo this one looks like (the re-post check's finds) */
  @ApiProperty({ type: [String], format: 'uuid' })
  similarTo!: string[];
}

export function toHeldPost(row: PostRow): HeldPostResponse {
  const held = row.post.heldForReview;
  return {
    ...toAdminPost(row),
    heldReason: held?.reason ?? 'approval_required',
    gateVerdict: held?.gate ?? null,
    similarTo: row.post.similarTo,
  };
}

export class HeldPostPage extends pageFields() {
  items!: HeldPostResponse[];
}
