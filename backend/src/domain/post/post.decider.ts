import { assertNever, type Decider } from '../shared/decider';
import { ConflictError, ForbiddenError, NotFoundError } from '../shared/errors';
import type { AiRating, PostEvent, PostImage } from './post.events';

export const POST_NOT_FOUND = 'Post not found';
export const ALREADY_PUBLISHED = 'This rating has already been posted to the leaderboard';
export const NOT_YOUR_POST = 'You can only delete your own posts';

/**
 * One stream per post (`post-<postId>`). A post published from a rating takes the rating's id,
 * so its stream doubles as the rating's "published once" reservation: the first publish appends
 * to a stream that does not exist yet (`no_stream`), and any other, in parallel or later, finds
 * it taken, even after the post was deleted.
 */
export type PostState =
  | { status: 'none' }
  | { status: 'published'; authorId: string; contentHash: string; imageHash: string }
  | { status: 'deleted'; authorId: string };

export interface PublishPost {
  type: 'PublishPost';
  data: {
    postId: string;
    authorId: string;
    image: PostImage;
    ai: AiRating | null;
    /** Earlier posts of the same photo by other accounts (a re-post to moderate). */
    similarTo: string[];
  };
}

export interface DeletePost {
  type: 'DeletePost';
  data: { postId: string; userId: string };
}

export type PostCommand = PublishPost | DeletePost;

export const postDecider: Decider<PostCommand, PostState, PostEvent> = {
  initialState: { status: 'none' },

  decide(command, state) {
    switch (command.type) {
      case 'PublishPost': {
        if (state.status !== 'none') throw new ConflictError(ALREADY_PUBLISHED);
        const { postId, authorId, image, ai, similarTo } = command.data;
        return [{ type: 'PostPublished', data: { postId, authorId, image, ai, similarTo } }];
      }
      case 'DeletePost': {
        if (state.status !== 'published') throw new NotFoundError(POST_NOT_FOUND);
        if (state.authorId !== command.data.userId) throw new ForbiddenError(NOT_YOUR_POST);
        return [
          {
            type: 'PostDeleted',
            data: {
              postId: command.data.postId,
              authorId: state.authorId,
              contentHash: state.contentHash,
              imageHash: state.imageHash,
            },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'PostPublished':
        return {
          status: 'published',
          authorId: event.data.authorId,
          contentHash: event.data.image.contentHash,
          imageHash: event.data.image.imageHash,
        };
      case 'PostDeleted':
        return { status: 'deleted', authorId: event.data.authorId };
      default:
        return assertNever(event);
    }
  },
};
