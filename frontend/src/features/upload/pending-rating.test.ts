import { describe, expect, it } from 'vitest';

import { parsePendingRating, toPendingRating } from './pending-rating';
import type { PendingRating } from './types';

const valid: PendingRating = {
  imageUrl: '/uploads/abc.jpg',
  imageHash: 'abc123',
  averageRating: '7.4',
  toeAlignment: 7,
  toeNails: 8.5,
  footShape: 6,
  aesthetic: 8,
  aiComment: 'Nicely aligned toes with a tidy pedicure.',
  publishKey: 'k3y-from-the-upload_0123456789abcd',
};

const raw = (value: unknown) => JSON.stringify(value);

describe('parsePendingRating', () => {
  it('accepts a rating with all eight fields and its publish key', () => {
    expect(parsePendingRating(raw(valid))).toEqual(valid);
  });

  it('keeps only the eight fields and the publish key', () => {
    expect(parsePendingRating(raw({ ...valid, extra: 'x' }))).toEqual(valid);
  });

  it('accepts an empty AI comment and scores at the limits', () => {
    const edge = { ...valid, aiComment: '', toeAlignment: 0, aesthetic: 10, averageRating: '10.0' };
    expect(parsePendingRating(raw(edge))).toEqual(edge);
  });

  it('returns null when nothing is saved', () => {
    expect(parsePendingRating(null)).toBeNull();
  });

  it.each(Object.keys(valid))('rejects a rating without %s', (field) => {
    const partial: Record<string, unknown> = { ...valid };
    delete partial[field];
    expect(parsePendingRating(raw(partial))).toBeNull();
  });

  it.each([
    ['malformed JSON', '{"imageUrl":'],
    ['an array', raw([valid])],
    ['a string', raw('pending')],
    ['JSON null', 'null'],
    ['an empty image URL', raw({ ...valid, imageUrl: '' })],
    ['a blank image hash', raw({ ...valid, imageHash: '  ' })],
    ['a numeric averageRating', raw({ ...valid, averageRating: 7.4 })],
    ['a non-numeric averageRating', raw({ ...valid, averageRating: 'great' })],
    ['an averageRating above 10', raw({ ...valid, averageRating: '11.0' })],
    ['a category score as text', raw({ ...valid, toeNails: '8' })],
    ['a negative category score', raw({ ...valid, footShape: -1 })],
    ['a category score above 10', raw({ ...valid, aesthetic: 10.5 })],
    ['a non-string comment', raw({ ...valid, aiComment: 42 })],
    ['a blank publish key', raw({ ...valid, publishKey: ' ' })],
    ['a publish key that is not text', raw({ ...valid, publishKey: 7 })],
  ])('rejects %s', (_case, value) => {
    expect(parsePendingRating(value)).toBeNull();
  });
});

describe('toPendingRating', () => {
  it('drops fields outside the eight and the key, and stores averageRating as text', () => {
    const fromApi = {
      ...valid,
      averageRating: 7.4,
      id: 'x',
      heldForReview: true,
    } as unknown as PendingRating;
    expect(toPendingRating(fromApi)).toEqual({ ...valid, averageRating: '7.4' });
  });
});
