import { anonymousUsernameFor } from './anonymous-username';
import { anonymousUsernamesLike, nameSkeleton, sameNameLook } from './name-skeleton';

describe('name skeletons', () => {
  it.each([
    ['case', 'Arches', 'ARCHES'],
    ['NFKC (full-width letters)', 'Arches', 'Ａｒｃｈｅｓ'],
    ['accents', 'Arches', 'Archés'],
    ['separators', 'Arches', 'Arch_es'],
    ['rn for m', 'Moon_Toes', 'rnoon_toes'],
    ['Cyrillic а for Latin a', 'Arches', 'Аrches'],
    ['Greek ο for Latin o', 'Toes', 'Tοes'],
    ['0 for o', 'Toes', 'T0es'],
    ['l, 1 and I', 'lily', 'I1Iy'],
    ['vv for w', 'Wren', 'vvren'],
  ])('reads two names as one across %s (%s, %s)', (_case, a, b) => {
    expect(nameSkeleton(a)).toBe(nameSkeleton(b));
    expect(sameNameLook(a, b)).toBe(true);
  });

  it.each([
    ['Arches', 'Arcs'],
    ['Toes', 'Toys'],
    ['Ann_B', 'Ann_C'],
  ])('keeps names a reader can tell apart apart (%s, %s)', (a, b) => {
    expect(sameNameLook(a, b)).toBe(false);
  });

  it('finds the anonymous usernames a display name looks like', () => {
    const name = anonymousUsernameFor(123_456_789);
    const lookalike = name
      .replace(/0/g, 'O')
      .replace(/1/g, 'l')
      .replace(/^./, (c) => c.toLowerCase());
    expect(anonymousUsernamesLike(`${lookalike.slice(0, 5)}_${lookalike.slice(5)}`)).toContain(
      name,
    );
    expect(anonymousUsernamesLike('Arches')).toEqual([]);
  });

  it('finds an anonymous username whose adjective and noun meet in a look-alike pair', () => {
    // `AmberNebula…` reads `ambemebula…`: the pair rn is looked up as the m it looks like.
    expect(anonymousUsernamesLike('AmbeMebula0427')).toContain('AmberNebula0427');
  });
});
