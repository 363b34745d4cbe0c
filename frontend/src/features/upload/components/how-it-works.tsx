import { Camera, Sparkles, Trophy, type LucideIcon } from 'lucide-react';

import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const STEPS: { icon: LucideIcon; title: string; description: string }[] = [
  {
    icon: Camera,
    title: 'Upload a photo',
    description:
      'Snap a clear photo of your own feet. Feet only: no faces, people or anything that identifies you.',
  },
  {
    icon: Sparkles,
    title: 'Get your AI rating',
    description:
      'Our AI scores toe alignment, toe nails, foot shape and aesthetic, then adds a short comment.',
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
