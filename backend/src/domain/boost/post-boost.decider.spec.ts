import { fold } from '../shared/decider';
import { ConflictError } from '../shared/errors';
import type { CommandMetadata } from '../shared/event';
import { POST_ALREADY_BOOSTED } from './boost.decider';
import { type PostBoostEvent, postBoostDecider as decider } from './post-boost.decider';

const at = (iso: string): CommandMetadata => ({
  actor: { type: 'user', id: 'u-1' },
  now: new Date(iso),
  correlationId: 'c',
  causationId: 'c',
});
const claimed: PostBoostEvent = {
  type: 'PostBoostClaimed',
  data: { postId: 'p-1', boostId: 'b-1', expiresAt: '2026-11-21T10:00:00.000Z' },
};
const claim = (boostId: string, now: string) =>
  ({
    type: 'ClaimPostBoost',
    data: { postId: 'p-1', boostId, expiresAt: '2026-11-28T10:00:00.000Z' },
    metadata: at(now),
  }) as const;
const given = (...events: PostBoostEvent[]) => fold(decider, events);

describe('post boost decider', () => {
  it('lets one boost run on a post at a time', () => {
    expect(decider.decide(claim('b-1', '2026-11-20T10:00:00Z'), given())).toHaveLength(1);
    expect(() => decider.decide(claim('b-2', '2026-11-20T11:00:00Z'), given(claimed))).toThrow(
      new ConflictError(POST_ALREADY_BOOSTED),
    );
  });

  it('takes the post again once the running boost has expired, or was given back', () => {
    expect(decider.decide(claim('b-2', '2026-11-21T10:00:00Z'), given(claimed))).toHaveLength(1);
    const released = decider.decide(
      { type: 'ReleasePostBoost', data: { postId: 'p-1', boostId: 'b-1' } },
      given(claimed),
    );
    expect(released).toEqual([
      { type: 'PostBoostReleased', data: { postId: 'p-1', boostId: 'b-1' } },
    ]);
    expect(
      decider.decide(claim('b-2', '2026-11-20T11:00:00Z'), given(claimed, ...released)),
    ).toHaveLength(1);
  });

  it('is a no-op for the boost that already holds the post', () => {
    expect(decider.decide(claim('b-1', '2026-11-20T11:00:00Z'), given(claimed))).toEqual([]);
    expect(
      decider.decide(
        { type: 'ReleasePostBoost', data: { postId: 'p-1', boostId: 'b-9' } },
        given(claimed),
      ),
    ).toEqual([]);
  });
});
