import { Command } from '@nestjs/cqrs';
import type { ClientOrigin } from '../../accounts/client-marks';
import type { LikeTarget } from '../../../domain/like/like.decider';

export interface LikeOutcome {
  liked: boolean;
  likesCount: number;
}

export class SetLikeCommand extends Command<LikeOutcome> {
  constructor(
    readonly userId: string,
    readonly target: LikeTarget,
    readonly targetId: string,
    readonly liked: boolean,
    readonly correlationId: string,
    /** Where a post's like comes from (the vote rules compare keyed marks of it). */
    readonly origin: ClientOrigin | null = null,
  ) {
    super();
  }
}
