import { KeptDocuments } from './kept-documents';

describe('documents kept by the projection runner', () => {
  it('given what was read and committed, when asked, then answers it, null for a deletion, undefined for the rest', () => {
    const kept = new KeptDocuments(10);
    kept.keepRead(
      'posts',
      new Map([
        ['p1', { _id: 'p1', likes: 1 }],
        ['p2', null],
      ]),
    );
    kept.keepCommitted([
      { kind: 'upsert', collection: 'posts', document: { _id: 'p1', likes: 2 } },
      { kind: 'delete', collection: 'users', id: 'u1' },
    ]);

    expect(kept.get('posts', 'p1')).toEqual({ _id: 'p1', likes: 2 });
    expect(kept.get('posts', 'p2')).toBeNull();
    expect(kept.get('users', 'u1')).toBeNull();
    expect(kept.get('users', 'p1')).toBeUndefined();
  });

  it('given more than it keeps, when one more is kept, then the one used longest ago goes', () => {
    const kept = new KeptDocuments(2);
    kept.keepRead(
      'posts',
      new Map([
        ['a', { _id: 'a' }],
        ['b', { _id: 'b' }],
      ]),
    );
    kept.get('posts', 'a');

    kept.keepRead('posts', new Map([['c', { _id: 'c' }]]));

    expect(kept.get('posts', 'b')).toBeUndefined();
    expect(kept.get('posts', 'a')).toEqual({ _id: 'a' });
    expect(kept.get('posts', 'c')).toEqual({ _id: 'c' });
  });
});
