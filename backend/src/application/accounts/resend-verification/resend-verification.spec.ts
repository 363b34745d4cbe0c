import { SPEC_NOW, useCase } from '../../../../test/support/use-case-specification';
import { addMs, EMAIL_VERIFICATION_TTL_MS } from '../../../domain/user/account-rules';
import {
  accountServices,
  anAccount,
  Mailbox,
  registered,
  tokenHash,
  userStreamOf,
} from '../testing/account-world';
import { ResendVerificationCommand } from './resend-verification.command';
import { ResendVerificationHandler } from './resend-verification.handler';

const ann = anAccount(1);

describe('resend the verification link', () => {
  let mail: Mailbox;
  beforeEach(() => {
    mail = new Mailbox();
  });
  const resend = useCase(
    (world) => new ResendVerificationHandler(accountServices(world, mail).links),
  );

  it('given an unverified account, when the link is asked again, then a fresh one is issued and mailed', async () => {
    const resent = registered(resend, ann).when(new ResendVerificationCommand(ann.email, 'c'));
    await resent.then(userStreamOf(ann), [
      {
        type: 'EmailVerificationIssued',
        data: {
          userId: ann.userId,
          tokenHash: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
          expiresAt: addMs(new Date(SPEC_NOW), EMAIL_VERIFICATION_TTL_MS),
        },
      },
    ]);
    // Not awaited (its timing must not tell who has an account), but handed over before the answer.
    const token = mail.tokenTo(ann.email);
    expect(token).not.toBe(ann.verificationToken);
    const [issued] = (await resent.outcome()).appended;
    expect(issued.data).toMatchObject({ tokenHash: tokenHash(token) });
  });

  it('given a verified account, when the link is asked again, then nothing is recorded nor mailed', async () => {
    await registered(resend, ann)
      .given(userStreamOf(ann), {
        type: 'EmailVerified',
        data: { userId: ann.userId, tokenHash: tokenHash(ann.verificationToken) },
      })
      .when(new ResendVerificationCommand(ann.email, 'c'))
      .thenNothing();
    expect(mail.sent).toEqual([]);
  });

  it('given no account, when the link is asked for an address, then nothing is recorded nor mailed', async () => {
    await resend.when(new ResendVerificationCommand('nobody@example.com', 'c')).thenNothing();
    expect(mail.sent).toEqual([]);
  });
});
