import { Query } from '@nestjs/cqrs';

/** A public post's share card, drawn for its current score, label and rank. */
export interface ShareCard {
  /** The post's card version (see PostPreview): the ETag and the address's `v`. */
  version: string;
  /** JPEG, 1200×630. */
  image: Buffer;
}

/**
 * The card of a public post; NotFoundError for any other. Drawing one costs real CPU, so the
 * drawings asked for by one visitor (`visitorKey`, their address's key) are limited; a card
 * already drawn is served to anyone, free.
 */
export class GetShareCardQuery extends Query<ShareCard> {
  constructor(
    readonly postId: string,
    readonly visitorKey: string,
  ) {
    super();
  }
}
