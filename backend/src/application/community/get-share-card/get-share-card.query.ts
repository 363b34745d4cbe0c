import { Query } from '@nestjs/cqrs';

/** A public post's share card, drawn for its current score, label and rank. */
export interface ShareCard {
  /** The post's card version (see PostPreview): the ETag and the address's `v`. */
  version: string;
  /** JPEG, 1200×630. */
  image: Buffer;
}

/** The card of a public post; NotFoundError for any other. */
export class GetShareCardQuery extends Query<ShareCard> {
  constructor(readonly postId: string) {
    super();
  }
}
