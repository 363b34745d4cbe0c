import { projectionSpecification, recorded } from '../testing/projection-specification';
import { accountStreamsProjection as projection } from './account-streams.projection';

const AT = '2026-11-20T18:30:00.000Z';
const spec = projectionSpecification(projection);

describe('account streams projection', () => {
  it('given a like, names its stream as one of the liker’s, from the first like on', () => {
    const like = { target: 'post', targetId: 'p-1', postId: 'p-1', userId: 'u-3' };
    const streamId = 'like-post-p-1-u-3';
    const first = recorded('Liked', like, { at: AT, streamId });
    expect(projection.documentId(first)).toBe(streamId);
    spec
      .given(first, recorded('Liked', like, { at: '2026-11-21T00:00:00.000Z', streamId }))
      .then({ _id: streamId, userId: 'u-3', since: AT });
  });

  it.each([
    ['Rated', 'vote-p-1-u-3'],
    ['PostReported', 'report-p-1-u-3'],
    ['BoostPurchased', 'boost-b-1'],
    ['DonationReceived', 'checkout-cs_1'],
  ])('given %s, names its stream as the acting account’s', (type, streamId) => {
    spec
      .given(recorded(type, { userId: 'u-3', postId: 'p-1' }, { at: AT, streamId }))
      .then({ _id: streamId, userId: 'u-3', since: AT });
  });

  it('skips an event that names no account (a visitor’s donation)', () => {
    expect(
      projection.documentId(
        recorded('DonationReceived', { userId: null }, { streamId: 'checkout-cs_2' }),
      ),
    ).toBeNull();
    expect(projection.documentId(recorded('Rated', null))).toBeNull();
  });
});
