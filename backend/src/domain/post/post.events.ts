import type { DomainEvent } from '../shared/event';

/** The AI's verdict a post was published with; null for a photo posted without a rating. */
export interface AiRating {
  ratingId: string;
  overall: number;
  toeAlignment: number;
  toeNails: number;
  footShape: number;
  aesthetic: number;
  comment: string;
  rater: string;
}

export interface PostImage {
  imageUrl: string;
  thumbnailUrl: string;
  /** Perceptual hash: finds re-posts of the same photo. */
  imageHash: string;
  /** sha256 of the stored bytes: the storage key, shared by every post of the same file. */
  contentHash: string;
}

export type PostPublished = DomainEvent<
  'PostPublished',
  {
    postId: string;
    authorId: string;
    image: PostImage;
    ai: AiRating | null;
    /** Earlier posts of the same photo by other accounts, found when it was published. */
    similarTo?: string[];
  }
>;

export type PostDeleted = DomainEvent<
  'PostDeleted',
  {
    postId: string;
    authorId: string;
    contentHash: string;
    /** The perceptual hash, so that the photo's fingerprint goes with the post. */
    imageHash?: string;
  }
>;

export type PostEvent = PostPublished | PostDeleted;
