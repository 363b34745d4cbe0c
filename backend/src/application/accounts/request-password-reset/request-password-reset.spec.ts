import { SPEC_NOW, useCase } from '../../../../test/support/use-case-specification';
import { addMs, PASSWORD_RESET_TTL_MS } from '../../../domain/user/account-rules';
import {
  accountServices,
  anAccount,
  Mailbox,
  registered,
  tokenHash,
  userStreamOf,
} from '../testing/account-world';
import { RequestPasswordResetCommand } from './request-password-reset.command';
import { RequestPasswordResetHandler } from './request-password-reset.handler';

const ann = anAccount(1);

describe('request a password reset', () => {
  let mail: Mailbox;
  beforeEach(() => {
    mail = new Mailbox();
  });
  const requestReset = useCase(
    (world) => new RequestPasswordResetHandler(accountServices(world, mail).links),
  );

  it('given an account, when a reset is asked for its address, then a link is issued for an hour and mailed to it', async () => {
    const requested = registered(requestReset, ann).when(
      new RequestPasswordResetCommand(ann.email, 'c'),
    );
    await requested.then(userStreamOf(ann), [
      {
        type: 'PasswordResetIssued',
        data: {
          userId: ann.userId,
          tokenHash: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
          expiresAt: addMs(new Date(SPEC_NOW), PASSWORD_RESET_TTL_MS),
        },
      },
    ]);
    expect(mail.lastTo(ann.email)?.text).toContain('/reset-password?token=');
    const [issued] = (await requested.outcome()).appended;
    expect(issued.data).toMatchObject({ tokenHash: tokenHash(mail.tokenTo(ann.email)) });
  });

  it('given no account, when a reset is asked for an address, then nothing is recorded nor mailed', async () => {
    await requestReset
      .when(new RequestPasswordResetCommand('nobody@example.com', 'c'))
      .thenNothing();
    expect(mail.sent).toEqual([]);
  });
});
