import { describe, expect, it } from 'vitest';

import { clipText, textLength, utf16Cap } from './text-length';

describe('text lengths as the server counts them', () => {
  it('counts code points, so an emoji is one character', () => {
    expect(textLength('')).toBe(0);
    expect(textLength('toes')).toBe(4);
    expect(textLength('🦶🦶')).toBe(2);
    expect('🦶🦶'.length).toBe(4);
  });

  it('clips to whole code points', () => {
    expect(clipText('🦶🦶🦶', 2)).toBe('🦶🦶');
    expect(clipText('abc', 5)).toBe('abc');
    expect(clipText('a🦶b', 2)).toBe('a🦶');
  });

  it('gives the browser a cap that never cuts what the server accepts', () => {
    expect(utf16Cap(500)).toBeGreaterThanOrEqual('🦶'.repeat(500).length);
  });
});
