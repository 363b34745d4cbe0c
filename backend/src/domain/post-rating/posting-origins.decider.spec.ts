import { deciderSpecification } from '../shared/testing/decider-specification';
import {
  type NotePostingOrigin,
  type PostedFrom,
  postingOriginsDecider,
  postingOriginsStreamId,
} from './posting-origins.decider';

const note = (
  postId: string,
  network: string | null,
  browser: string | null,
): NotePostingOrigin => ({
  type: 'NotePostingOrigin',
  data: { userId: 'u-1', postId, from: { network, browser } },
});
const postedFrom = (
  postId: string,
  network: string | null,
  browser: string | null,
): PostedFrom => ({
  type: 'PostedFrom',
  data: { userId: 'u-1', postId, networkMark: network, browserMark: browser },
});

const spec = deciderSpecification(postingOriginsDecider);

describe('posting origins decider', () => {
  it('records the network and browser of an author’s first post', () => {
    spec
      .given()
      .when(note('p-1', 'net-home', 'browser-phone'))
      .then([postedFrom('p-1', 'net-home', 'browser-phone')]);
  });

  it('records nothing for a post from a network and browser recorded before', () => {
    spec
      .given(postedFrom('p-1', 'net-home', 'browser-phone'))
      .when(note('p-2', 'net-home', 'browser-phone'))
      .then([]);
  });

  it('records a post from a new network in a known browser', () => {
    spec
      .given(postedFrom('p-1', 'net-home', 'browser-phone'))
      .when(note('p-2', 'net-office', 'browser-phone'))
      .then([postedFrom('p-2', 'net-office', 'browser-phone')]);
  });

  it('records a browser without a network (the machine itself), and nothing when neither is known', () => {
    spec
      .given()
      .when(note('p-1', null, 'browser-phone'))
      .then([postedFrom('p-1', null, 'browser-phone')]);
    spec
      .given()
      .when(note('p-1', null, null))
      .then([]);
  });

  it('keeps one stream per author', () => {
    expect(postingOriginsStreamId('u-1')).toBe('posting-origins-u-1');
  });
});
