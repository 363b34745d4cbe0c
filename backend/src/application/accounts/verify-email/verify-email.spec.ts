import { ForbiddenError } from '../../../domain/shared/errors';
import { useCase } from '../../../../test/support/use-case-specification';
import {
  accountServices,
  anAccount,
  registered,
  thenReading,
  tokenHash,
  userStreamOf,
} from '../testing/account-world';
import { VerifyEmailCommand } from './verify-email.command';
import { FOREIGN_VERIFICATION_LINK, VerifyEmailHandler } from './verify-email.handler';

const ann = anAccount(1);
const bob = anAccount(2);
const signedIn = ({ userId, sessionId }: typeof ann) => ({ userId, sessionId });

describe('verify the email', () => {
  const verifyEmail = registered(
    useCase((world) => {
      const { account, reads } = accountServices(world);
      return thenReading(new VerifyEmailHandler(account), () =>
        reads.userSession(ann.sessionToken),
      );
    }),
    ann,
    bob,
  );

  it('given an account signed in, when its link is opened in that browser, then it is verified and keeps that session', async () => {
    const verified = verifyEmail.when(
      new VerifyEmailCommand(ann.verificationToken, signedIn(ann), null, 'c'),
    );
    await verified.then(userStreamOf(ann), [
      {
        type: 'EmailVerified',
        data: { userId: ann.userId, tokenHash: tokenHash(ann.verificationToken) },
      },
    ]);
    const { answer } = await verified.outcome();
    expect(answer?.answer.user.emailVerified).toBe(true);
    expect(answer?.answer.sessionToken).toBeNull();
    expect(answer?.after).toMatchObject({ userId: ann.userId, sessionId: ann.sessionId });
  });

  it('given two accounts, when one’s link is opened where the other is signed in, then it is refused', async () => {
    const refused = verifyEmail.when(
      new VerifyEmailCommand(ann.verificationToken, signedIn(bob), null, 'c'),
    );
    await refused.thenThrows(ForbiddenError, FOREIGN_VERIFICATION_LINK);
    expect((await refused.outcome()).appended).toEqual([]);
  });
});
