import { Button } from '@/components/ui/button';

import { type ApiBody, apiJson } from '@/lib/api-client';
import { useAdminAction } from '../api/admin-api';
import type { AdminPost } from '../types';
import { failed } from './admin-toasts';
import { useReasonDialog } from './reason-dialog';

/**
 * The actions both post queues offer (the posts list and the held-for-review queue): approve
 * (which also makes a held post public), hide or show with an optional reason, and remove for
 * good with a reason kept in the audit log; the admin post page offers the same three.
 * `dialog` is the reason dialog to render.
 */
export function usePostModeration() {
  const patch = useAdminAction(
    (v: { id: string; body: ApiBody<'PATCH', '/api/rtm-sys/posts/{id}'> }) =>
      apiJson('PATCH', '/api/rtm-sys/posts/{id}', { params: { path: { id: v.id } }, body: v.body }),
  );
  const remove = useAdminAction((v: { id: string; reason: string }) =>
    apiJson('DELETE', '/api/rtm-sys/posts/{id}', {
      params: { path: { id: v.id } },
      body: { reason: v.reason },
    }),
  );
  const { ask, dialog } = useReasonDialog();

  const approveButton = (post: AdminPost, label = 'Approve') => (
    <Button
      size="sm"
      onClick={() =>
        patch.mutate(
          { id: post.id, body: { isModerated: true } },
          { onError: failed('Failed to approve post') },
        )
      }
    >
      {label}
    </Button>
  );

  const removeButton = (post: AdminPost) => (
    <Button
      size="sm"
      variant="destructive"
      onClick={() =>
        ask({
          title: 'Remove post',
          description: removalNote(post),
          confirm: 'Remove',
          required: true,
          destructive: true,
          failure: 'Failed to remove post',
          run: (reason) => remove.mutateAsync({ id: post.id, reason }),
        })
      }
    >
      Remove
    </Button>
  );

  /** Hide a public post, or show a hidden (or auto-hidden) one, with an optional reason. */
  const visibilityButton = (post: AdminPost) => {
    const hide = post.isPublic && !post.autoHidden;
    return (
      <Button
        size="sm"
        variant="outline"
        onClick={() =>
          ask({
            title: hide ? 'Hide post' : 'Show post',
            description: hide
              ? 'The post leaves every public board and page.'
              : 'The post returns to the public boards.',
            confirm: hide ? 'Hide' : 'Show',
            required: false,
            failure: 'Failed to update post',
            run: (reason) =>
              patch.mutateAsync({ id: post.id, body: { isPublic: !hide, reason: reason || null } }),
          })
        }
      >
        {hide ? 'Hide' : 'Show'}
      </Button>
    );
  };

  return { patch, ask, dialog, approveButton, removeButton, visibilityButton };
}

const BOOST_NAMES = { regular: 'Boost', mega: 'Mega Boost' } as const;

/** What a removal does, and to a running boost (docs/decisions/boost-ends-with-its-post.md). */
function removalNote(post: AdminPost): string {
  const note =
    'The post is removed for good: its pending reports are settled and its author is told why. The reason is kept in the audit log.';
  return post.boostType
    ? `${note} Its running ${BOOST_NAMES[post.boostType]} ends with it and is not refunded.`
    : note;
}
