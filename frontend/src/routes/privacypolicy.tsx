import { createFileRoute } from '@tanstack/react-router';

import { RoutePending } from '@/components/route-status';
import { LegalPage } from '@/features/legal/components/legal-page';
import { PRIVACY_LAST_UPDATED, privacySections } from '@/features/legal/content/privacy';

export const Route = createFileRoute('/privacypolicy')({
  component: PrivacyPolicyPage,
  pendingComponent: () => <RoutePending label="Loading the Privacy Policy…" />,
});

function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      description="How SoleScore collects, uses, shares and protects your information, including photos, ratings, payments and cookies, and the rights you have."
      canonicalPath="/privacypolicy"
      lastUpdated={PRIVACY_LAST_UPDATED}
      sections={privacySections}
    />
  );
}
