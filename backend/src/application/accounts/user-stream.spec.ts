import { SPEC_NOW, useCase } from '../../../test/support/use-case-specification';
import { accountStreams } from './account-secrets';
import { accountServices, anAccount, registered } from './testing/account-world';

const ann = anAccount(1);

describe('the account stream collaborator', () => {
  const registeredAt = useCase((world) => ({
    execute: (userId: string) => accountServices(world).account.registeredAt(userId),
  }));

  it('given an account registered at a time, when its registration time is asked later, then it is that time', () =>
    registered(registeredAt, ann)
      .at('2026-03-05T09:00:00.000Z')
      .when(ann.userId)
      .thenAnswers(SPEC_NOW));

  it('given no account, when its registration time is asked, then it is empty', () =>
    registeredAt.when('no-such-user').thenAnswers(''));

  it('given an account, when its stream’s events are asked, then they come oldest first as recorded', async () => {
    const stream = accountStreams.user(ann.userId);
    const read = useCase((world) => ({
      execute: async (maxCount?: number) => ({
        events: await accountServices(world).writes.streamEvents(stream, { maxCount }),
        recorded: await world.eventStore.readStream(stream),
      }),
    }));
    const all = await registered(read, ann).when(undefined).outcome();
    expect(all.answer?.events).toEqual(all.answer?.recorded);
    expect(all.answer?.events.map((event) => event.type)).toEqual([
      'UserRegistered',
      'EmailVerificationIssued',
      'SessionStarted',
    ]);
    const first = await registered(read, ann).when(1).outcome();
    expect(first.answer?.events).toEqual([first.answer?.recorded[0]]);
  });
});
