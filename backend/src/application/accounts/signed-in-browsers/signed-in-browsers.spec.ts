import { addMs, SESSION_TTL_MS } from '../../../domain/user/account-rules';
import { SPEC_NOW, useCase } from '../../../../test/support/use-case-specification';
import {
  accountServices,
  anAccount,
  BROWSER,
  registered,
  sessionEnded,
  userStreamOf,
} from '../testing/account-world';
import { GetSignedInBrowsersHandler } from './signed-in-browsers.handler';
import { GetSignedInBrowsersQuery } from './signed-in-browsers.query';

const ann = anAccount(1);
const bob = anAccount(2);

describe('the signed-in browsers of an account', () => {
  const signedInBrowsers = registered(
    useCase((world) => new GetSignedInBrowsersHandler(accountServices(world).reads)),
    ann,
    bob,
  );

  it('given two signed-in accounts, when one’s browsers are asked, then its live sessions come with their browsers', async () => {
    const { answer } = await signedInBrowsers
      .when(new GetSignedInBrowsersQuery(ann.userId))
      .outcome();
    expect(answer?.map((s) => [s.userId, s.sessionId, s.browser])).toEqual([
      [ann.userId, ann.sessionId, BROWSER],
    ]);
  });

  it('given a session that ended, when the browsers are asked, then it is left out', () =>
    signedInBrowsers
      .given(userStreamOf(ann), sessionEnded(ann, 'logout'))
      .when(new GetSignedInBrowsersQuery(ann.userId))
      .thenAnswers([]));

  it('given a session past its time, when the browsers are asked, then it is left out', () =>
    signedInBrowsers
      .at(addMs(new Date(SPEC_NOW), SESSION_TTL_MS))
      .when(new GetSignedInBrowsersQuery(ann.userId))
      .thenAnswers([]));
});
