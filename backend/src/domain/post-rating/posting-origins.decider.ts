import type { Decider } from '../shared/decider';
import type { DomainEvent } from '../shared/event';
import type { VoteOrigin } from './vote-standing';

/**
 * The networks and browsers an author posts from, for the vote rules: a vote cast from one of
 * them is tied to the author (see `vote-standing.ts`). One stream per account
 * (`posting-origins-<userId>`), beside the marks its sign-up and sign-ins record on
 * `SessionStarted`. A mark already recorded there is not recorded again, so posting from home
 * every day adds nothing to the log.
 */
export type PostedFrom = DomainEvent<
  'PostedFrom',
  {
    userId: string;
    postId: string;
    /** Keyed marks (never the address or the cookie); sealed as the author's personal data. */
    networkMark: string | null;
    browserMark: string | null;
  }
>;

export type PostingOriginEvent = PostedFrom;

export interface NotePostingOrigin {
  type: 'NotePostingOrigin';
  data: { userId: string; postId: string; from: VoteOrigin };
}

export interface PostingOriginsState {
  networks: readonly string[];
  browsers: readonly string[];
}

export function postingOriginsStreamId(userId: string): string {
  return `posting-origins-${userId}`;
}

export const postingOriginsDecider: Decider<
  NotePostingOrigin,
  PostingOriginsState,
  PostingOriginEvent
> = {
  initialState: { networks: [], browsers: [] },

  decide(command, state) {
    const { userId, postId, from } = command.data;
    const newNetwork = from.network !== null && !state.networks.includes(from.network);
    const newBrowser = from.browser !== null && !state.browsers.includes(from.browser);
    if (!newNetwork && !newBrowser) return [];
    return [
      {
        type: 'PostedFrom',
        data: { userId, postId, networkMark: from.network, browserMark: from.browser },
      },
    ];
  },

  evolve(state, event) {
    // Sealed marks of an erased account read as null: they are nobody's.
    const { networkMark, browserMark } = event.data;
    return {
      networks: networkMark ? [...state.networks, networkMark] : state.networks,
      browsers: browserMark ? [...state.browsers, browserMark] : state.browsers,
    };
  },
};
