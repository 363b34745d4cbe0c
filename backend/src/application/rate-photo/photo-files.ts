import { PHOTO_RATINGS } from '../../projections/photo-ratings/photo-ratings.projection';
import { POSTS } from '../../projections/posts/posts.projection';
import { USERS } from '../../projections/users/users.projection';
import { imageKeys, type ImageStorage, publicImageUrl } from '../ports/image-storage.port';
import type { ReadStore } from '../ports/read-store.port';

/**
 * Deletes a photo's files (the image and its thumbnail, stored by content hash) unless something
 * still shows those bytes: a post, a rating waiting to be published, or a profile picture (of
 * anyone but `exceptUserId`, an account whose pictures are going). Files are shared by content,
 * so the same photo uploaded twice is stored once and goes with its last use.
 */
export async function deletePhotoFilesUnlessShown(
  readStore: ReadStore,
  images: ImageStorage,
  contentHash: string,
  exceptUserId: string | null = null,
): Promise<void> {
  const keys = imageKeys(contentHash);
  const [posts, waiting, pictures] = await Promise.all([
    readStore.count(POSTS, { contentHash }),
    readStore.count(PHOTO_RATINGS, {
      imageUrl: publicImageUrl(keys.image),
      status: 'rated',
      postId: null,
    }),
    readStore.count(USERS, {
      profilePictureUrl: publicImageUrl(keys.thumbnail),
      ...(exceptUserId ? { _id: { $ne: exceptUserId } } : {}),
    }),
  ]);
  if (posts + waiting + pictures > 0) return;
  await images.delete(keys.image);
  await images.delete(keys.thumbnail);
}
