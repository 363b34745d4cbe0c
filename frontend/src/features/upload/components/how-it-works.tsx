import { Link } from '@tanstack/react-router';
import { Camera, Sparkles, Trophy, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const STEPS: { icon: LucideIcon; title: string; description: ReactNode }[] = [
  {
    icon: Camera,
    title: 'Upload a photo',
    description:
      'Snap a clear photo of your own feet. Feet only: no faces, people or anything that identifies you.',
  },
  {
    icon: Sparkles,
    title: 'Get your rating',
    // True of both raters: an OpenAI vision model where the server has its key, else the
    // offline rater, which scores the photo; the page linked says which is which.
    description: (
      <>
        Scores for toe alignment, toe nails, foot shape and aesthetic, and a short comment.{' '}
        <Link
          to="/how-ratings-work"
          className="font-medium underline underline-offset-2 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          How ratings work
        </Link>
      </>
    ),
  },
  {
    icon: Trophy,
    title: 'Join the leaderboard',
    description:
      'Post your result to the public leaderboard and see how you rank against everyone this week.',
  },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works-title" className="flex flex-col gap-6">
      <h2
        id="how-it-works-title"
        className="text-center text-2xl font-bold tracking-tight sm:text-3xl"
      >
        How It Works
      </h2>
      <ol className="grid gap-4 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title}>
            <Card className="h-full">
              <CardHeader>
                <div className="flex items-center gap-3">
                  <span className="flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
                    <step.icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="text-sm font-semibold text-muted-foreground">
                    Step {index + 1}
                  </span>
                </div>
                <CardTitle className="mt-2">{step.title}</CardTitle>
                <CardDescription className="text-base">{step.description}</CardDescription>
              </CardHeader>
            </Card>
          </li>
        ))}
      </ol>
    </section>
  );
}
