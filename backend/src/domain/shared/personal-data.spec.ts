import { USER_EVENT_TYPES } from '../user/user.events';
import { isReviewedEventType, PERSONAL_DATA, WITHOUT_PERSONAL_DATA } from './personal-data';

describe('the personal data of events', () => {
  it('names every account event either personal or not', () => {
    expect(USER_EVENT_TYPES.filter((type) => !isReviewedEventType(type))).toEqual([]);
  });

  it('puts no event type in both lists', () => {
    expect(WITHOUT_PERSONAL_DATA.filter((type) => Object.hasOwn(PERSONAL_DATA, type))).toEqual([]);
  });

  it('keeps the email, names, bio, links, comments and report reasons personal', () => {
    expect(PERSONAL_DATA.UserRegistered[0].fields).toContain('email');
    expect(PERSONAL_DATA.ProfileUpdated[0].fields).toEqual([
      'displayUsername',
      'bio',
      'socialLinks',
    ]);
    expect(PERSONAL_DATA.CommentPosted[0].fields).toEqual(['text']);
    expect(PERSONAL_DATA.PostReported[0].fields).toEqual(['reason']);
  });

  it('does not take an inherited name for a reviewed event type', () => {
    expect(isReviewedEventType('toString')).toBe(false);
  });
});
