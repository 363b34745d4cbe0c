import { ratingText } from './post.view';

describe('ratingText', () => {
  it('shows one decimal, rounding halves up whatever binary floating point stored', () => {
    expect(ratingText((9.1 + 5) / 2)).toBe('7.1');
    expect(ratingText((9.1 + 7) / 2)).toBe('8.1');
    expect(ratingText((9.1 + 6) / 2)).toBe('7.6');
    expect(ratingText(7)).toBe('7.0');
    expect(ratingText(10)).toBe('10.0');
    expect(ratingText(0)).toBe('0.0');
    expect(ratingText(null)).toBeNull();
  });
});
