import { Query } from '@nestjs/cqrs';
import type { PostRow } from '../admin-reads';

/** One post, whatever its state (removed included), with its author. */
export class GetAdminPostQuery extends Query<PostRow> {
  constructor(readonly postId: string) {
    super();
  }
}
