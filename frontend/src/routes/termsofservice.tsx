import { createFileRoute } from '@tanstack/react-router';

import { RoutePending } from '@/components/route-status';
import { LegalPage } from '@/features/legal/components/legal-page';
import { TERMS_EFFECTIVE, TERMS_LAST_UPDATED, termsSections } from '@/features/legal/content/terms';

export const Route = createFileRoute('/termsofservice')({
  component: TermsOfServicePage,
  pendingComponent: () => <RoutePending label="Loading the Terms of Service…" />,
});

function TermsOfServicePage() {
  return (
    <LegalPage
      title="Terms of Service"
      description="The terms for using SoleScore, the AI foot rating app for adults 18+: eligibility, content rules, boosts, donations, payments, moderation and your rights."
      canonicalPath="/termsofservice"
      lastUpdated={TERMS_LAST_UPDATED}
      effective={TERMS_EFFECTIVE}
      sections={termsSections}
    />
  );
}
