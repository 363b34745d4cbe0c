import { Save } from 'lucide-react';
import { useId } from 'react';

import { FormField } from '@/components/form-field';
import { InputField } from '@/components/input-field';
import { PendingButton } from '@/components/ui/pending-button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useForm } from '@/lib/use-form';

import { useUpdateProfile } from '../api/update-profile';
import {
  BIO_MAX_LENGTH,
  DISPLAY_USERNAME_MAX_LENGTH,
  profileFormValues,
  SOCIAL_LINK_MAX_LENGTH,
  SOCIAL_PLATFORMS,
  toProfileUpdate,
} from '../profile-rules';
import type { EditableProfile, SocialPlatform } from '../types';

/**
 * Spec §2/§5 /profile/settings: display username, bio with a live counter (max 500) and five
 * social links. Blank text is sent as null; empty links are left out.
 */
export function ProfileDetailsForm({
  profile,
  onSaved,
}: {
  profile: EditableProfile;
  onSaved: (profile: EditableProfile) => void;
}) {
  const updateProfile = useUpdateProfile();
  const form = useForm({ initialValues: profileFormValues(profile), mutation: updateProfile });
  const titleId = useId();
  const socialTitleId = useId();
  const counterId = useId();

  const setSocial = (key: SocialPlatform, value: string) =>
    form.setValue('socialLinks', { ...form.values.socialLinks, [key]: value });

  const submit = form.handleSubmit((values) =>
    updateProfile.mutate(toProfileUpdate(values), {
      onSuccess: (saved) => {
        form.reset(profileFormValues(saved));
        onSaved(saved);
        toast({ title: 'Profile Updated', description: 'Your public profile has been saved.' });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(error) ?? 'Failed to update profile',
        }),
    }),
  );

  const bioLength = form.values.bio.length;

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <h2 id={titleId} className="text-lg leading-tight font-semibold">
          Public Profile
        </h2>
        <CardDescription>
          Everything here is public. Leave a field empty to hide it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-col gap-6">
          <InputField
            label="Display Username"
            hint={`3 to 30 letters, numbers, underscores, dots or hyphens. Leave empty to use your anonymous username, ${profile.anonymousUsername}.`}
            autoComplete="nickname"
            maxLength={DISPLAY_USERNAME_MAX_LENGTH}
            {...form.field('displayUsername')}
          />

          <FormField
            label="Bio"
            labelAside={
              <span
                id={counterId}
                className={cn(
                  'text-xs tabular-nums',
                  bioLength >= BIO_MAX_LENGTH
                    ? 'font-semibold text-warning'
                    : 'text-muted-foreground',
                )}
              >
                {bioLength}/{BIO_MAX_LENGTH}
                <span className="sr-only"> characters</span>
              </span>
            }
          >
            {(control) => (
              <Textarea
                {...control}
                aria-describedby={counterId}
                maxLength={BIO_MAX_LENGTH}
                rows={4}
                placeholder="Tell people a little about yourself"
                value={form.values.bio}
                onChange={(event) => form.setValue('bio', event.target.value)}
              />
            )}
          </FormField>

          <fieldset className="flex flex-col gap-4" aria-labelledby={socialTitleId}>
            <div className="grid gap-1">
              <h3 id={socialTitleId} className="text-base font-semibold">
                Social Links
              </h3>
              <p className="text-sm text-muted-foreground">
                A username (e.g. @sunny.soles) or a full link starting with https://.
              </p>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              {SOCIAL_PLATFORMS.map((platform) => (
                <InputField
                  key={platform.key}
                  label={platform.label}
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  maxLength={SOCIAL_LINK_MAX_LENGTH}
                  placeholder="username"
                  value={form.values.socialLinks[platform.key]}
                  onChange={(value) => setSocial(platform.key, value)}
                />
              ))}
            </div>
          </fieldset>

          <PendingButton
            type="submit"
            className="self-start"
            pending={form.submitting}
            pendingLabel="Saving..."
            icon={<Save aria-hidden="true" />}
          >
            Save Profile
          </PendingButton>
        </form>
      </CardContent>
    </Card>
  );
}
