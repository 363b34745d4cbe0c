import { ShareCardCache } from './share-card-cache';

describe('the cache of drawn share cards', () => {
  const drawn = (text: string) => jest.fn(() => Promise.resolve(Buffer.from(text)));

  it('draws a card once per version, and again when the version changes', async () => {
    const cache = new ShareCardCache();
    const draw = drawn('a');
    await Promise.all([cache.get('p', 'v1', draw), cache.get('p', 'v1', draw)]);
    await cache.get('p', 'v1', draw);
    expect(draw).toHaveBeenCalledTimes(1);
    const redraw = drawn('b');
    expect((await cache.get('p', 'v2', redraw)).image.toString()).toBe('b');
    expect(redraw).toHaveBeenCalledTimes(1);
  });

  it('keeps at most its capacity, dropping the least recently used', async () => {
    const cache = new ShareCardCache();
    cache.capacity = 2;
    await cache.get('a', 'v', drawn('a'));
    await cache.get('b', 'v', drawn('b'));
    await cache.get('a', 'v', drawn('a'));
    await cache.get('c', 'v', drawn('c'));
    expect([cache.has('a'), cache.has('b'), cache.has('c')]).toEqual([true, false, true]);
  });

  it('holds a card of a version from the moment its drawing starts, until it is dropped', async () => {
    const cache = new ShareCardCache();
    cache.capacity = 1;
    let finish: (image: Buffer) => void = () => undefined;
    const drawing = cache.get('p', 'v1', () => new Promise<Buffer>((done) => (finish = done)));
    expect([cache.holds('p', 'v1'), cache.holds('p', 'v2')]).toEqual([true, false]);
    finish(Buffer.from('p'));
    await drawing;
    expect(cache.holds('p', 'v1')).toBe(true);
    await cache.get('q', 'v1', drawn('q'));
    expect([cache.holds('p', 'v1'), cache.holds('q', 'v1')]).toEqual([false, true]);
  });

  it('keeps no failed drawing, and forgets a post on demand', async () => {
    const cache = new ShareCardCache();
    await expect(
      cache.get('p', 'v', () => Promise.reject(new Error('no photo'))),
    ).rejects.toThrow();
    expect(cache.has('p')).toBe(false);
    await cache.get('p', 'v', drawn('p'));
    cache.forget('p');
    expect(cache.has('p')).toBe(false);
  });
});
