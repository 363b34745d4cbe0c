import { ImageUp, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { PendingButton } from '@/components/ui/pending-button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { UserAvatar } from '@/components/user-avatar';
import { errorMessage } from '@/lib/api-client';
import { isImageFile, NOT_AN_IMAGE_MESSAGE } from '@/lib/image-file';

import { useUploadProfilePicture } from '../api/upload-profile-picture';
import { profileName } from '../profile-name';
import type { EditableProfile } from '../types';

/**
 * Spec §2 /profile/settings: choose a picture, see it before saving, then upload it. The file
 * must be an image (spec §5); the server checks the real format again.
 */
export function ProfilePictureCard({
  profile,
  onUploaded,
}: {
  profile: EditableProfile;
  onUploaded: () => Promise<unknown> | void;
}) {
  const uploadPicture = useUploadProfilePicture();
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [typeError, setTypeError] = useState<string | null>(null);
  const inputId = useId();
  const titleId = useId();
  const hintId = useId();
  const errorId = useId();

  // Object URLs hold the file in memory until revoked.
  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!isImageFile(chosen)) {
      setTypeError(NOT_AN_IMAGE_MESSAGE);
      return;
    }
    setTypeError(null);
    setFile(chosen);
    setPreviewUrl(URL.createObjectURL(chosen));
  };

  const cancel = () => {
    setFile(null);
    setPreviewUrl(null);
  };

  const save = () => {
    if (!file) return;
    uploadPicture.mutate(file, {
      onSuccess: async () => {
        await onUploaded();
        cancel();
        toast({ title: 'Picture Updated', description: 'Your new profile picture is live.' });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(error) ?? 'Failed to upload picture',
        }),
    });
  };

  const name = profileName(profile);

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <h2 id={titleId} className="text-lg leading-tight font-semibold">
          Profile Picture
        </h2>
        <CardDescription>Shown on your public profile, posts and comments.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-5 sm:flex-row sm:items-center">
        <div className="shrink-0">
          {previewUrl ? (
            <img
              src={previewUrl}
              alt="Preview of your new profile picture"
              className="size-28 rounded-full bg-muted object-cover ring-4 ring-primary/30"
            />
          ) : (
            <UserAvatar
              name={name}
              seed={profile.id}
              pictureUrl={profile.profilePictureUrl}
              alt="Your current profile picture"
              className="size-28 text-5xl"
            />
          )}
        </div>
        <div className="flex w-full flex-col gap-3 text-center sm:text-left">
          <p id={hintId} className="text-sm text-muted-foreground">
            JPG, PNG or WEBP, up to 10MB. Photos are re-encoded and their location data removed.
          </p>
          {typeError ? (
            <p
              id={errorId}
              role="alert"
              className="flex items-center justify-center gap-1.5 text-sm font-medium text-destructive sm:justify-start"
            >
              <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
              {typeError}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
            {file ? (
              <>
                <PendingButton
                  onClick={save}
                  pending={uploadPicture.isPending}
                  pendingLabel="Uploading..."
                >
                  Save Picture
                </PendingButton>
                <Button variant="outline" onClick={cancel} disabled={uploadPicture.isPending}>
                  Cancel
                </Button>
              </>
            ) : (
              <div>
                <input
                  id={inputId}
                  type="file"
                  accept="image/*"
                  className="peer sr-only"
                  aria-describedby={typeError ? `${hintId} ${errorId}` : hintId}
                  aria-invalid={typeError ? true : undefined}
                  onChange={(event) => {
                    const chosen = event.currentTarget.files?.[0];
                    // Clear so choosing the same file again still fires a change.
                    event.currentTarget.value = '';
                    choose(chosen);
                  }}
                />
                <label
                  htmlFor={inputId}
                  className="inline-flex h-10 items-center justify-center gap-2 rounded-md border border-input bg-card px-4 text-sm font-semibold text-card-foreground transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring hover:bg-accent hover:text-accent-foreground"
                >
                  <ImageUp className="size-4" aria-hidden="true" />
                  Choose Picture
                </label>
              </div>
            )}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
