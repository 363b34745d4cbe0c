import { drawsNothing, memberText } from './member-text';

describe('member text', () => {
  it('keeps words, line breaks, tabs, emoji sequences and right-to-left scripts as written', () => {
    for (const text of [
      'Lovely arches!\nSo neat.\tReally.',
      'Family 👨‍👩‍👧 and flags 🏳️‍🌈',
      'שלום עולם and مرحبا',
      'Tiếng Việt, हिन्दी, ภาษาไทย',
    ]) {
      expect(memberText(text)).toBe(text);
      expect(drawsNothing(text)).toBe(false);
    }
  });

  it('drops control characters and the bidi overrides that would reverse what follows', () => {
    expect(memberText('hi\u0000there\u0007 \u001b[31mred\u007f\u0085')).toBe('hithere [31mred');
    expect(memberText('\u202eHello there')).toBe('Hello there');
    expect(memberText('a\u2066b\u2069c\u202ad\u202c')).toBe('abcd');
  });

  it('keeps four combining marks on a letter and drops the pile past them', () => {
    expect(memberText(`z${'\u0301'.repeat(490)}!`)).toBe(`z${'\u0301'.repeat(4)}!`);
    expect(memberText('e\u0301\u0302')).toBe('e\u0301\u0302');
  });

  it('finds a text of blank or invisible characters only empty', () => {
    for (const text of [
      '',
      '  \n ',
      '\u200b\u200b\u200b',
      '\u200d\u2060\ufeff',
      '\u3164\u3164',
      '\u2800\u2800',
      '\u00a0\u2003\u3000',
      '\u115f\u1160\uffa0\u034f\u00ad',
    ]) {
      expect(drawsNothing(memberText(text))).toBe(true);
    }
    expect(drawsNothing('\u200bx\u200b')).toBe(false);
  });
});
