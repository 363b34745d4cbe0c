import { Database, Download } from 'lucide-react';

import { PendingButton } from '@/components/ui/pending-button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';

import { useExportAccount } from '../api/export-account';
import { DeleteAccountDialog } from './delete-account-dialog';
import { SettingsSection } from './settings-section';

/**
 * The privacy policy's rights over the account: a copy of everything held about it, and its
 * erasure. `onAccountDeleted` runs once the server has erased it (the route signs out).
 */
export function YourDataSection({ onAccountDeleted }: { onAccountDeleted: () => void }) {
  const download = useExportAccount();

  return (
    <SettingsSection
      icon={Database}
      title="Your Data"
      description="Download a copy of everything SoleScore holds about your account, or delete your account for good."
    >
      <div className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <h3 className="font-medium">Download my data</h3>
          <p className="text-sm text-muted-foreground">
            Your account, posts, comments, likes, ratings and reports, as a JSON file.
          </p>
        </div>
        <PendingButton
          variant="outline"
          className="shrink-0"
          pending={download.isPending}
          pendingLabel="Preparing..."
          icon={<Download aria-hidden="true" />}
          onClick={() =>
            download.mutate(undefined, {
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: 'Download failed',
                  description: errorMessage(error) ?? 'Please try again.',
                }),
            })
          }
        >
          Download my data
        </PendingButton>
      </div>
      <div className="flex flex-col gap-3 rounded-lg border border-destructive/40 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <h3 className="font-medium">Delete account</h3>
          <p className="text-sm text-muted-foreground">
            Removes your account, posts, comments and pictures. This cannot be undone.
          </p>
        </div>
        <DeleteAccountDialog onDeleted={onAccountDeleted} />
      </div>
    </SettingsSection>
  );
}
