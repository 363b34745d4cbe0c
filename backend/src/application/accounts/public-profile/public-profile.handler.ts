import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../../../domain/shared/errors';
import { USER_NOT_FOUND } from '../../../domain/user/user.decider';
import { publicProfile } from '../../community/post-views';
import { AccountReads } from '../account-reads';
import { GetPublicProfileQuery, type PublicProfile } from './public-profile.query';

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What anyone may see of an account: never the email; a banned one's name only. */
@QueryHandler(GetPublicProfileQuery)
export class GetPublicProfileHandler implements IQueryHandler<
  GetPublicProfileQuery,
  PublicProfile
> {
  constructor(private readonly reads: AccountReads) {}

  async execute(query: GetPublicProfileQuery): Promise<PublicProfile> {
    if (!USER_ID.test(query.userId)) throw new NotFoundError(USER_NOT_FOUND);
    const user = await this.reads.user(query.userId);
    const { id, displayUsername, anonymousUsername, bio, socialLinks, profilePictureUrl } =
      publicProfile(user);
    return {
      user: { id, displayUsername, anonymousUsername, bio, socialLinks, profilePictureUrl },
    };
  }
}
