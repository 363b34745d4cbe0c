import { NotFoundError } from '../../../domain/shared/errors';
import { useCase } from '../../../../test/support/use-case-specification';
import { accountServices, anAccount, registered } from '../testing/account-world';
import { GetPublicProfileHandler } from './public-profile.handler';
import { GetPublicProfileQuery } from './public-profile.query';

const ann = anAccount(1);

describe('a public profile', () => {
  const publicProfile = useCase(
    (world) => new GetPublicProfileHandler(accountServices(world).reads),
  );

  it('given an account, when its public profile is asked, then it shows what anyone may see of it, never its email', async () => {
    const { answer } = await registered(publicProfile, ann)
      .when(new GetPublicProfileQuery(ann.userId))
      .outcome();
    expect(answer?.user).toEqual({
      id: ann.userId,
      displayUsername: null,
      anonymousUsername: ann.anonymousUsername,
      bio: null,
      socialLinks: null,
      profilePictureUrl: null,
    });
    expect(JSON.stringify(answer)).not.toContain(ann.email);
  });

  it('given no account, when the profile of an id that is no account is asked, then it answers not found', () =>
    publicProfile.when(new GetPublicProfileQuery('not-an-id')).thenThrows(NotFoundError));

  it('given no account, when the profile of a well-formed id is asked, then it answers not found', () =>
    publicProfile.when(new GetPublicProfileQuery(ann.userId)).thenThrows(NotFoundError));
});
