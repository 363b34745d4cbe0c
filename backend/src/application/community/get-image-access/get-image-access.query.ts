import { Query } from '@nestjs/cqrs';

/**
 * Who may see a stored image (`/uploads/<key>`) now: everyone, the authors of the posts that
 * hold it while they are held or hidden, or nobody. Decided from the read models at each
 * request, so a moderator's decision reaches the file as soon as it reaches the posts.
 */
export type ImageAccess =
  | { access: 'public' }
  | { access: 'authors'; authorIds: readonly string[] }
  /** An upload not yet published: its uploading browsers (marks of their key) and accounts. */
  | { access: 'uploaders'; viewerMarks: readonly string[]; uploaderIds: readonly string[] }
  | { access: 'none' };

export class GetImageAccessQuery extends Query<ImageAccess> {
  constructor(readonly key: string) {
    super();
  }
}
