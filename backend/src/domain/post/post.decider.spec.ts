import { fold } from '../shared/decider';
import { deciderSpecification } from '../shared/testing/decider-specification';
import { ConflictError, ForbiddenError, NotFoundError } from '../shared/errors';
import {
  ALREADY_PUBLISHED,
  NOT_YOUR_POST,
  POST_NOT_FOUND,
  postDecider as decider,
  type PostCommand,
} from './post.decider';
import type { AiRating, PostEvent } from './post.events';

const image = {
  imageUrl: '/uploads/ab/ab12.webp',
  thumbnailUrl: '/uploads/ab/ab12.thumb.webp',
  imageHash: '0f0f0f0f0f0f0f0f',
  contentHash: 'ab12',
};

const ai: AiRating = {
  ratingId: 'r-1',
  overall: 7.6,
  toeAlignment: 7.4,
  toeNails: 8,
  footShape: 6.1,
  aesthetic: 9,
  comment: 'Nicely lit and well framed.',
  rater: 'offline-v1',
};

const publish = (rating: AiRating | null = ai, similarTo: string[] = []): PostCommand => ({
  type: 'PublishPost',
  data: { postId: 'r-1', authorId: 'u-1', image, ai: rating, similarTo },
});

const remove = (userId = 'u-1'): PostCommand => ({
  type: 'DeletePost',
  data: { postId: 'r-1', userId },
});

const given = (...events: PostEvent[]) => fold(decider, events);
const published = () => decider.decide(publish(), given());
const spec = deciderSpecification(decider);
const when = (history: PostEvent[], command: PostCommand) =>
  spec.given(history).when(command).events();

describe('post decider', () => {
  describe('publishing', () => {
    it('publishes a rated photo with its image and the AI verdict', () => {
      expect(published()).toEqual([
        {
          type: 'PostPublished',
          data: { postId: 'r-1', authorId: 'u-1', image, ai, similarTo: [] },
        },
      ]);
    });

    it('records the earlier posts of the same photo by other accounts (a re-post)', () => {
      const [event] = decider.decide(publish(ai, ['p-0', 'p-9']), given());
      expect(event.type === 'PostPublished' && event.data.similarTo).toEqual(['p-0', 'p-9']);
    });

    it('publishes a photo posted without a rating, with no AI verdict', () => {
      expect(decider.decide(publish(null), given())).toEqual([
        {
          type: 'PostPublished',
          data: { postId: 'r-1', authorId: 'u-1', image, ai: null, similarTo: [] },
        },
      ]);
    });

    it('refuses to publish the same rating twice', () => {
      expect(() => when(published(), publish())).toThrow(ConflictError);
      expect(() => when(published(), publish())).toThrow(ALREADY_PUBLISHED);
    });

    it('refuses to publish a rating again after its post was deleted', () => {
      const history = [...published(), ...when(published(), remove())];
      expect(() => when(history, publish())).toThrow(ConflictError);
      expect(() => when(history, publish())).toThrow(ALREADY_PUBLISHED);
    });
  });

  describe('deleting', () => {
    it('deletes the author’s own post, naming the stored file and the photo’s hash', () => {
      expect(when(published(), remove())).toEqual([
        {
          type: 'PostDeleted',
          data: { postId: 'r-1', authorId: 'u-1', contentHash: 'ab12', imageHash: image.imageHash },
        },
      ]);
    });

    it('refuses to delete someone else’s post', () => {
      expect(() => when(published(), remove('u-2'))).toThrow(ForbiddenError);
      expect(() => when(published(), remove('u-2'))).toThrow(NOT_YOUR_POST);
    });

    it('refuses to delete a post that was never published', () => {
      expect(() => when([], remove())).toThrow(NotFoundError);
      expect(() => when([], remove())).toThrow(POST_NOT_FOUND);
    });

    it('refuses to delete a post that is deleted already', () => {
      const history = [...published(), ...when(published(), remove())];
      expect(() => when(history, remove())).toThrow(NotFoundError);
      expect(() => when(history, remove())).toThrow(POST_NOT_FOUND);
    });

    it('says a deleted post is not found, not forbidden, to anyone else', () => {
      const history = [...published(), ...when(published(), remove())];
      expect(() => when(history, remove('u-2'))).toThrow(NotFoundError);
    });
  });
});
