import { projectionSpecification, recorded } from '../testing/projection-specification';
import {
  REMEMBERED_BROWSERS_PER_ACCOUNT,
  rememberedBrowsersProjection,
} from './remembered-browsers.projection';

const spec = projectionSpecification(rememberedBrowsersProjection);
const hash = (n: number) => n.toString(16).padStart(64, '0');

const signedIn = (n: number | null, userId = 'u-1') =>
  recorded('SessionStarted', {
    userId,
    sessionId: `s-${n}`,
    tokenHash: hash(1000 + (n ?? 0)),
    expiresAt: '2026-04-01T09:00:00.000Z',
    ...(n === null ? {} : { rememberedBrowserHash: hash(n) }),
  });
const adminSignedIn = (n: number) =>
  recorded('AdminSignedIn', {
    adminId: 'a-1',
    sessionId: `s-${n}`,
    tokenHash: hash(2000 + n),
    expiresAt: '2026-03-02T21:00:00.000Z',
    rememberedBrowserHash: hash(n),
  });
const ended = (reason: string) =>
  recorded('SessionEnded', { userId: 'u-1', sessionId: 's-1', tokenHash: hash(1001), reason });

describe('remembered browsers projection', () => {
  it('given sign-ins that remembered browsers, keeps their hashes per account, newest first', () => {
    spec.given(signedIn(1), signedIn(null), signedIn(2)).then({
      _id: 'user:u-1',
      tokenHashes: [hash(2), hash(1)],
    });
    spec
      .given(signedIn(1), signedIn(2, 'u-2'))
      .of('user:u-2')
      .then({
        _id: 'user:u-2',
        tokenHashes: [hash(2)],
      });
    spec.given(adminSignedIn(1)).then({ _id: 'admin:a-1', tokenHashes: [hash(1)] });
  });

  it('keeps the most recent ones only', () => {
    const many = Array.from({ length: REMEMBERED_BROWSERS_PER_ACCOUNT + 5 }, (_, i) =>
      signedIn(i + 1),
    );
    spec.given(...many).thenMatches({
      tokenHashes: many
        .slice(5)
        .reverse()
        .map((_, i) => hash(REMEMBERED_BROWSERS_PER_ACCOUNT + 5 - i)),
    });
  });

  it.each([
    recorded('PasswordChanged', { userId: 'u-1', passwordHash: '$argon2id$x' }),
    recorded('PasswordReset', { userId: 'u-1', tokenHash: hash(9), passwordHash: '$argon2id$x' }),
    recorded('AccountErased', { userId: 'u-1', tokenHashes: [], archivedWeeks: [] }),
    ended('signed-out-everywhere'),
  ])(
    'given a new password, signing out everywhere or an erasure ($type), forgets them all',
    (end) => {
      spec.given(signedIn(1), signedIn(2), end).thenGone();
      // A sign-in after it is remembered again.
      spec.given(signedIn(1), end, signedIn(3)).then({ _id: 'user:u-1', tokenHashes: [hash(3)] });
    },
  );

  it('keeps them through signing out of one browser', () => {
    spec.given(signedIn(1), ended('logout'), ended('ended-elsewhere')).thenMatches({
      tokenHashes: [hash(1)],
    });
  });

  it.each([
    recorded('AdminPasswordReset', {
      adminId: 'a-1',
      passwordHash: '$argon2id$x',
      tokenHashes: [],
    }),
    recorded('AdminDisabled', { adminId: 'a-1', reason: null, tokenHashes: [] }),
    recorded('AdminRestored', { adminId: 'a-1', passwordHash: '$argon2id$x', tokenHashes: [] }),
  ])('given an admin’s new password or its disabling ($type), forgets its browsers', (end) => {
    spec.given(adminSignedIn(1), end).thenGone();
  });
});
