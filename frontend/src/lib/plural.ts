/**
 * The one way a count and its noun are written: `countOf(1, 'post')` is "1 post",
 * `countOf(3, 'post')` "3 posts"; irregular plurals are given (`countOf(2, 'reply', 'replies')`).
 */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count} ${pluralWord(count, one, many)}`;
}

/** The noun alone, for text that writes the count apart (an icon and a number beside it). */
export function pluralWord(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}
