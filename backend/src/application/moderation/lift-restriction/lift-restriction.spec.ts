import { useCase } from '../../../../test/support/use-case-specification';
import { ConflictError } from '../../../domain/shared/errors';
import { accountStreams } from '../../accounts/account-secrets';
import { BannedVotes } from '../banned-votes';
import { account } from '../testing/admin-events';
import {
  ADMIN,
  adminServices,
  appendedTo,
  givenHistory,
  id,
  NOW,
} from '../testing/admin-use-cases';
import { LiftRestrictionCommand } from './lift-restriction.command';
import { LiftRestrictionHandler } from './lift-restriction.handler';

describe('lifting a suspension or a ban', () => {
  const liftRestriction = useCase(
    (world) => {
      const { writes, streams } = adminServices(world);
      return new LiftRestrictionHandler(writes, new BannedVotes(streams, world.readStore));
    },
    { now: NOW },
  );
  const user = id(2);

  it('given a suspended account, when the restriction is lifted, then the account’s stream records the lift', async () => {
    const outcome = await givenHistory(liftRestriction, [
      account(user, { type: 'UserSuspended', data: { userId: user, reason: 'Spam' } }),
    ])
      .when(new LiftRestrictionCommand(ADMIN, user, null))
      .outcome();
    const [last] = appendedTo(outcome, accountStreams.user(user)).slice(-1);
    expect(last).toMatchObject({
      type: 'UserRestrictionLifted',
      data: { userId: user, lifted: 'suspended' },
    });
  });

  it('given an account neither suspended nor banned, when the restriction is lifted, then it is refused', () =>
    givenHistory(liftRestriction, [account(user)])
      .when(new LiftRestrictionCommand(ADMIN, user, null))
      .thenThrows(ConflictError));
});
