import {
  type CommentContext,
  hasLink,
  isOffensive,
  LINK_MIN_ACCOUNT_AGE_MS,
  REPEAT_WINDOW_MS,
  screenComment,
} from './comment-filter';

const now = new Date('2026-11-23T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const DAY = 24 * 60 * 60 * 1000;

const oldAccount: CommentContext = {
  accountCreatedAt: ago(30 * DAY),
  postId: 'post-a',
  recentComments: [],
};

describe('the comment filter', () => {
  describe('offensive words', () => {
    it.each([
      ['plain', 'what a fucking mess'],
      ['leetspeak', 'sh1t feet'],
      ['repeated letters', 'fuuuuuck'],
      ['confusable characters', 'ƒuck that'],
      ['spaced letters', 'f u c k this'],
      ['dotted letters', 'you are s.h.i.t'],
      ['a slur with digits', 'n1gg3r'],
    ])('refuses %s (%s)', (_evasion, text) => {
      expect(isOffensive(text)).toBe(true);
      expect(screenComment(text, oldAccount, now)).toBe('offensive');
    });

    it.each([
      'Scunthorpe has lovely beaches',
      'Let me assess the arches',
      'An assassin of a pedicure',
      'Shitake mushrooms and a cocktail',
      'A therapist would call this an analysis',
      'I am a big fan of these toes',
    ])('lets a near miss through: %s', (text) => {
      expect(isOffensive(text)).toBe(false);
      expect(screenComment(text, oldAccount, now)).toBeNull();
    });

    it.each([
      ['full-width letters', 'ｆｕｃｋ this'],
      ['a zero-width space inside the word', 'fu\u200bck this'],
      ['ideographic full stops between letters', 'you are s。h。i。t'],
    ])('refuses an evasion read after NFKC normalisation: %s', (_evasion, text) => {
      expect(screenComment(text, oldAccount, now)).toBe('offensive');
    });

    it.each([
      ['a load test’s code before the words', 'a558003722 great photo'],
      ['a load test’s code after the words', 'great photo a558003722'],
      ['a hex hash', 'wow 44bb3edff3'],
      ['a hex hash first', '44bb3edff3 wow'],
      ['a short code with more digits than letters', 'ref a55 ok'],
      ['a size', 'Size 1080p, 10x15cm print'],
      ['a bare number', 'I give it 80085 points'],
    ])('does not read digits as letters inside a code: %s', (_case, text) => {
      expect(isOffensive(text)).toBe(false);
      expect(screenComment(text, oldAccount, now)).toBeNull();
    });

    it.each([
      ['a word written into a code', 'fuck1234567'],
      ['leetspeak with as many digits as letters', '5h1t'],
      ['leetspeak in a longer word', 'a55hole'],
    ])('still refuses %s (%s)', (_case, text) => {
      expect(isOffensive(text)).toBe(true);
    });
  });

  describe('links', () => {
    it.each([
      'see https://spam.example',
      'visit www.spam.test now',
      'go to example.com',
      'shop.example.co.uk/feet',
    ])('reads %s as a link', (text) => expect(hasLink(text)).toBe(true));

    it.each([
      ['a full-width full stop', 'go to myfeet．com'],
      ['an ideographic full stop', 'go to myfeet。com'],
      ['a half-width ideographic full stop', 'go to myfeet｡com'],
      ['a middle dot', 'go to myfeet·com'],
      ['a one-dot leader', 'go to myfeet․com'],
      ['full-width letters', 'ｍｙｆｅｅｔ．ｃｏｍ'],
      ['a dot spelt out', 'go to myfeet [dot] com'],
      ['a top-level domain of no fixed list', 'see myfeet.photos'],
      ['a new top-level domain', 'at toes.lol tonight'],
      ['an address in capitals', 'MYFEET.SHOP'],
      ['a common domain capitalised', 'MyFeet.Com'],
      ['an email address', 'write to me@myfeet.example'],
      ['a full-width scheme', 'ｈｔｔｐｓ：／／spam'],
    ])('reads a link written with %s (%s)', (_case, text) => expect(hasLink(text)).toBe(true));

    it.each([
      'Nice.Feet',
      'Version 1.2 of my pedicure',
      'e.g. the beach',
      'Wow...lovely',
      'IMG_2041.jpg looks great',
      'photo.jpeg',
    ])('does not read %s as a link', (text) => expect(hasLink(text)).toBe(false));

    it('refuses a link from an account younger than 7 days', () => {
      const young = { ...oldAccount, accountCreatedAt: ago(LINK_MIN_ACCOUNT_AGE_MS - 60_000) };
      expect(screenComment('Look at example.com', young, now)).toBe('link');
    });

    it('lets a link from an account 7 days old through', () => {
      const grown = { ...oldAccount, accountCreatedAt: ago(LINK_MIN_ACCOUNT_AGE_MS) };
      expect(screenComment('Look at example.com', grown, now)).toBeNull();
    });

    it('treats an account of unknown age as young', () => {
      const unknown = { ...oldAccount, accountCreatedAt: '' };
      expect(screenComment('www.spam.test', unknown, now)).toBe('link');
    });
  });

  describe('verbatim repeats', () => {
    const text = 'Check out my profile for more lovely feet';
    const earlier = (postId: string, at: number, said = text) => ({
      ...oldAccount,
      recentComments: [{ postId, text: said, createdAt: ago(at) }],
    });

    it('refuses the same text on another post within 24 hours, whatever its case and spacing', () => {
      expect(screenComment(`  ${text.toUpperCase()}  `, earlier('post-b', DAY - 60_000), now)).toBe(
        'repeated',
      );
      expect(screenComment(text.replace(/ /g, '   '), earlier('post-b', 60_000), now)).toBe(
        'repeated',
      );
    });

    it('lets the same text through after 24 hours', () => {
      expect(screenComment(text, earlier('post-b', REPEAT_WINDOW_MS), now)).toBeNull();
    });

    it('lets the same text through on the same post (a reply in another thread)', () => {
      expect(screenComment(text, earlier('post-a', 60_000), now)).toBeNull();
    });

    it('lets a short everyday phrase be said under many posts', () => {
      expect(
        screenComment('Lovely toes!', earlier('post-b', 60_000, 'Lovely toes!'), now),
      ).toBeNull();
    });

    it('ignores an earlier comment whose text was erased', () => {
      const erased = {
        ...oldAccount,
        recentComments: [{ postId: 'post-b', text: null, createdAt: ago(1) }],
      };
      expect(screenComment(text, erased, now)).toBeNull();
    });
  });
});
