import { describe, expect, it } from 'vitest';

import { countOf, pluralWord } from './plural';

describe('countOf', () => {
  it('given one, writes the singular noun', () => {
    expect(countOf(1, 'post')).toBe('1 post');
  });

  it('given zero or many, writes the plural noun', () => {
    expect(countOf(0, 'post')).toBe('0 posts');
    expect(countOf(12, 'vote')).toBe('12 votes');
  });

  it('given an irregular plural, uses it', () => {
    expect(countOf(2, 'reply', 'replies')).toBe('2 replies');
    expect(countOf(1, 'reply', 'replies')).toBe('1 reply');
  });
});

describe('pluralWord', () => {
  it('gives the noun alone for text that shows the count apart', () => {
    expect(pluralWord(1, 'like')).toBe('like');
    expect(pluralWord(5, 'like')).toBe('likes');
  });
});
