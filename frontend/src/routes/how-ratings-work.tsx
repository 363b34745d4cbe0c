import { createFileRoute } from '@tanstack/react-router';

import { RoutePending } from '@/components/route-status';
import { HowRatingsWork } from '@/features/help/components/how-ratings-work';

export const Route = createFileRoute('/how-ratings-work')({
  component: HowRatingsWork,
  pendingComponent: () => <RoutePending label="Loading how ratings work…" />,
});
