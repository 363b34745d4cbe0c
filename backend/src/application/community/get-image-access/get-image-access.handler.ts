import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { POSTS, type PostDocument } from '../../../projections/posts/posts.projection';
import {
  PHOTO_RATINGS,
  type PhotoRatingDocument,
} from '../../../projections/photo-ratings/photo-ratings.projection';
import { USERS } from '../../../projections/users/users.projection';
import { imageKeys, IMAGE_KEY_PATTERN, publicImageUrl } from '../../ports/image-storage.port';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { GetImageAccessQuery, type ImageAccess } from './get-image-access.query';

const NOBODY: ImageAccess = { access: 'none' };
const EVERYONE: ImageAccess = { access: 'public' };
/** Uploads of the same bytes waiting at once that are looked at (a photo uploaded again and again). */
const MAX_WAITING = 50;

/**
 * Files are shared by content (the same bytes posted twice are stored once), so the decision looks
 * at every use of the bytes:
 * - a public post, or the profile picture (480 px size only) of an account in good standing, opens
 *   it to everyone;
 * - unless a post of these bytes was removed by a moderator or is a banned author's: then only a
 *   public post keeps it open;
 * - a post held for review or hidden opens it to its author alone, and nothing of the same bytes
 *   opens it wider (rating the photo again would otherwise undo the moderator's decision);
 * - a rating waiting to be published opens it to the uploading browser and the signed-in uploader
 *   alone, so a photo the gate holds is not handed around unreviewed (ratings from before browsers
 *   were marked stay open for their day);
 * - anything else to nobody. Admins see images through the back office's own route.
 */
@QueryHandler(GetImageAccessQuery)
export class GetImageAccessHandler implements IQueryHandler<GetImageAccessQuery, ImageAccess> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ key }: GetImageAccessQuery): Promise<ImageAccess> {
    const parsed = IMAGE_KEY_PATTERN.exec(key);
    if (!parsed) return NOBODY;
    const contentHash = key.slice(3, 67);
    const keys = imageKeys(contentHash);
    if (key !== keys.image && key !== keys.thumbnail) return NOBODY;

    const posts = await this.readStore.find<PostDocument>(POSTS, { contentHash });
    if (posts.some((post) => post.listed)) return EVERYONE;
    if (posts.some((post) => post.removed || post.authorBanned)) return NOBODY;
    if (posts.length > 0) return { access: 'authors', authorIds: posts.map((p) => p.authorId) };

    const [pictures, waiting] = await Promise.all([
      key === keys.thumbnail
        ? this.readStore.count(USERS, {
            profilePictureUrl: publicImageUrl(keys.thumbnail),
            status: { $ne: 'banned' },
          })
        : 0,
      this.readStore.find<PhotoRatingDocument>(
        PHOTO_RATINGS,
        { imageUrl: publicImageUrl(keys.image), status: 'rated', postId: null },
        { limit: MAX_WAITING },
      ),
    ]);
    if (pictures > 0 || waiting.some((rating) => !rating.viewerMark)) return EVERYONE;
    if (waiting.length === 0) return NOBODY;
    return {
      access: 'uploaders',
      viewerMarks: waiting.flatMap((rating) => (rating.viewerMark ? [rating.viewerMark] : [])),
      uploaderIds: waiting.flatMap((rating) => (rating.uploaderId ? [rating.uploaderId] : [])),
    };
  }
}
