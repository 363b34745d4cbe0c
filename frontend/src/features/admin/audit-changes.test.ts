import { describe, expect, it } from 'vitest';

import { changeLines } from './audit-changes';

describe('changeLines', () => {
  it('reads a flipped flag as old → new and leaves out the target’s own id', () => {
    expect(
      changeLines('PostVisibilityChanged', { postId: 'p1', authorId: 'u1', isPublic: false }, 'p1'),
    ).toEqual([
      { field: 'Author', to: 'u1' },
      { field: 'Public', from: 'yes', to: 'no' },
    ]);
    expect(changeLines('UserAdminFlagChanged', { userId: 'u2', isAdmin: true }, 'u2')).toEqual([
      { field: 'Admin', from: 'no', to: 'yes' },
    ]);
  });

  it('says an approval ended the review, and reads amounts in dollars', () => {
    expect(changeLines('PostApproved', { postId: 'p1' }, 'p1')).toEqual([
      { field: 'Review', from: 'pending', to: 'approved' },
    ]);
    expect(
      changeLines(
        'BoostPurchased',
        { boostId: 'b1', amount: 999, amountCents: 999, boostType: 'mega', receiptUrl: null },
        'b1',
      ),
    ).toEqual([
      { field: 'Amount', to: '$9.99' },
      { field: 'Boost', to: 'mega' },
      { field: 'Receipt url', to: '—' },
    ]);
  });
});
