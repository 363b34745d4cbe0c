// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, renderPage, stubFetch } from '@/test/render';

import type { AuditEntry } from '../types';
import { AuditAdmin } from './audit-admin';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const counts = { pendingPosts: 0, pendingReports: 0, users: 4, boosts: 0 };

const cleared: AuditEntry = {
  id: 'e-1',
  at: '2026-11-22T10:00:00.000Z',
  actorType: 'admin',
  actorId: 'a-1',
  actorName: 'moderator_ann',
  kind: 'ClusterCleared',
  targetType: 'cluster',
  targetId: 'c-12345678',
  reason: 'A real club',
  changes: {},
  correlationId: null,
};

describe('the audit log screen', () => {
  it('given the api’s audit kinds, when the kind filter is opened, then it offers each kind by its label, the ones the hand copy missed too', async () => {
    stubFetch((url) => {
      if (url.startsWith('/api/rtm-sys/dashboard')) return answer(200, counts);
      return answer(200, { items: [cleared], total: 1, page: 1, pageSize: 25 });
    });
    const setSearch = vi.fn();
    const { user } = await renderPage(<AuditAdmin search={{}} setSearch={setSearch} />);
    const row = (await screen.findByText('moderator_ann')).closest('tr')!;
    expect(within(row).getByText('ClusterCleared')).toBeTruthy();

    const kind = screen.getByLabelText<HTMLSelectElement>('Kind');
    const options = [...kind.options].map((option) => [option.value, option.text]);
    expect(options).toHaveLength(29);
    expect(options[0]).toEqual(['', 'All kinds']);
    expect(options).toContainEqual(['UserBanned', 'User banned']);
    for (const missed of [
      'UserProfileCleared',
      'UserNameLookAlikeKept',
      'PostingSuspended',
      'PostingSuspensionLifted',
      'ClusterCleared',
    ]) {
      expect(options.map(([value]) => value)).toContain(missed);
    }

    await user.selectOptions(kind, 'PostingSuspended');
    expect(setSearch).toHaveBeenCalledWith({ kind: 'PostingSuspended', page: undefined });
  });
});
