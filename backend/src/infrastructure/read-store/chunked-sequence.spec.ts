import { CHUNK_MAX, CHUNK_MIN, ChunkedSequence } from './chunked-sequence';
import { seededRandom } from '../../../test/support/seeded-random';

/** The chunks' lengths: the balance is internal, read here to check splits and merges. */
function chunkLengths(sequence: ChunkedSequence<unknown>): number[] {
  return (sequence as unknown as { chunks: unknown[][] }).chunks.map((chunk) => chunk.length);
}

/** Every chunk within bounds, a lone chunk may be short, and no chunk is empty. */
function expectBalanced(sequence: ChunkedSequence<unknown>): void {
  const lengths = chunkLengths(sequence);
  expect(lengths.reduce((total, length) => total + length, 0)).toBe(sequence.length);
  for (const length of lengths) {
    expect(length).toBeGreaterThanOrEqual(lengths.length === 1 ? 1 : CHUNK_MIN);
    expect(length).toBeLessThanOrEqual(CHUNK_MAX);
  }
}

describe('chunked sequence', () => {
  it.each([0, 1, CHUNK_MIN - 1, 511, 512, 767, 768, 1024, 5000])(
    'given %i items, when built in one pass, then it holds them in order in balanced chunks',
    (length) => {
      const items = Array.from({ length }, (_, i) => i);
      const sequence = ChunkedSequence.from(items);
      expect(sequence.length).toBe(length);
      expect([...sequence.values(0, length)]).toEqual(items);
      expect([...sequence.values(0, length, true)]).toEqual([...items].reverse());
      expect(sequence.at(length)).toBeUndefined();
      expectBalanced(sequence);
    },
  );

  it('given random inserts and removals through splits and merges, when read, then it matches a plain array', () => {
    const random = seededRandom(11);
    const sequence = new ChunkedSequence<number>();
    const model: number[] = [];
    const check = () => {
      expect(sequence.length).toBe(model.length);
      expectBalanced(sequence);
      const from = Math.floor(random() * (model.length + 1));
      const to = from + Math.floor(random() * (model.length - from + 1));
      expect([...sequence.values(from, to)]).toEqual(model.slice(from, to));
      expect([...sequence.values(from, to, true)]).toEqual(model.slice(from, to).reverse());
      const at = Math.floor(random() * model.length);
      expect(sequence.at(at)).toBe(model[at]);
      expect(sequence.first()).toBe(model[0]);
      expect(sequence.last()).toBe(model[model.length - 1]);
      const only = sequence.onlyChunk();
      if (chunkLengths(sequence).length === 1) expect(only).toEqual(model);
      else expect(only).toBeNull();
    };
    const chunkCounts = new Set<number>();
    // Grows to a few thousand items, then shrinks to none: chunks split, then merge away.
    for (let step = 0; step < 16_000; step += 1) {
      const growing = step < 8000 ? random() < 0.9 : random() < 0.1;
      if (growing || model.length === 0) {
        const position = Math.floor(random() * (model.length + 1));
        sequence.insert(position, step);
        model.splice(position, 0, step);
      } else {
        const position = Math.floor(random() * model.length);
        sequence.remove(position);
        model.splice(position, 1);
      }
      chunkCounts.add(chunkLengths(sequence).length);
      if (step % 250 === 0) check();
    }
    while (model.length > 0) {
      const position = Math.floor(random() * model.length);
      sequence.remove(position);
      model.splice(position, 1);
    }
    check();
    expect(sequence.first()).toBeUndefined();
    expect(Math.max(...chunkCounts)).toBeGreaterThan(6);
    expect(chunkLengths(sequence)).toEqual([]);
  });

  it('given sorted items with runs of equal ones, when partitioned within a range, then it finds the first not before', () => {
    const random = seededRandom(5);
    const items = Array.from({ length: 3000 }, () => Math.floor(random() * 40)).sort(
      (a, b) => a - b,
    );
    const sequence = ChunkedSequence.from(items);
    for (let probe = -1; probe <= 40; probe += 1) {
      const low = Math.floor(random() * items.length);
      const high = low + Math.floor(random() * (items.length - low + 1));
      const firstNotBefore = (from: number, to: number) => {
        const found = items.findIndex((item, i) => i >= from && i < to && item >= probe);
        return found === -1 ? to : found;
      };
      expect(sequence.partitionPoint((item) => item < probe)).toBe(firstNotBefore(0, items.length));
      expect(sequence.partitionPoint((item) => item < probe, low, high)).toBe(
        firstNotBefore(low, high),
      );
    }
  });

  it.each([0, 3000])(
    'given %i items and a batch of removals and inserts, when edited in one pass, then it matches a plain array',
    (length) => {
      const random = seededRandom(length + 3);
      const model = Array.from({ length }, (_, i) => i);
      const sequence = ChunkedSequence.from(model);
      const removed = model.filter(() => random() < 0.3);
      const places = Array.from({ length: 700 }, () => Math.floor(random() * (length + 1)));
      places.sort((a, b) => a - b);
      const inserted = places.map((_, i) => -1 - i);

      const edited = sequence.edited(removed, inserted, places);

      const expected: number[] = [];
      let next = 0;
      for (let position = 0; position <= length; position += 1) {
        while (places[next] === position) expected.push(inserted[next++]);
        if (position < length && !removed.includes(position)) expected.push(model[position]);
      }
      expect([...edited.values(0, edited.length)]).toEqual(expected);
      expectBalanced(edited);
      expect([...sequence.values(0, sequence.length)]).toEqual(model);
    },
  );

  it('given a chunk that shrinks beside a long one, when they merge, then the two are split evenly again', () => {
    const model = Array.from({ length: 3 * 512 }, (_, i) => i);
    const sequence = ChunkedSequence.from(model);
    for (let i = 0; i < 400; i += 1) {
      sequence.insert(0, -i);
      model.unshift(-i);
    }
    expect(chunkLengths(sequence)).toEqual([912, 512, 512]);
    for (let i = 0; i < 512 - CHUNK_MIN + 1; i += 1) {
      sequence.remove(912);
      model.splice(912, 1);
    }
    expect(chunkLengths(sequence)).toEqual([583, 584, 512]);
    expect([...sequence.values(0, sequence.length)]).toEqual(model);
  });

  it('given an item replaced, when read, then the new one is in its place', () => {
    const sequence = ChunkedSequence.from(Array.from({ length: 2000 }, (_, i) => i));
    sequence.replace(1500, -1);
    expect(sequence.at(1500)).toBe(-1);
    expect(sequence.length).toBe(2000);
  });
});
