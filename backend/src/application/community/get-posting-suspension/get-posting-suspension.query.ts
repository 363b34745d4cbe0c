import { Query } from '@nestjs/cqrs';

export interface PostingSuspensionView {
  /** When the account may post, comment and rate again; null when it may now. */
  suspendedUntil: string | null;
  /** What a refused write says, for a banner; null when not suspended. */
  message: string | null;
}

/** The signed-in member's own posting suspension, if one is running. */
export class GetPostingSuspensionQuery extends Query<PostingSuspensionView> {
  constructor(readonly userId: string) {
    super();
  }
}
