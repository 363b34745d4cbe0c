import { CreditCard, Send, Sparkles, Timer } from 'lucide-react';

import { isLocalCheckout } from '../checkout-kind';

const steps = () => [
  {
    icon: CreditCard,
    title: 'Pay',
    text: isLocalCheckout()
      ? 'Choose a boost and pay in the test checkout: no money moves.'
      : 'Choose a boost and pay securely with Stripe Checkout.',
  },
  {
    icon: Sparkles,
    title: 'See it in the header',
    text: '‘1 Unused Boost’ appears in the header, ready when you are.',
  },
  { icon: Send, title: 'Apply it', text: 'Apply the boost to any of your posts.' },
  {
    icon: Timer,
    title: 'Get featured',
    text: 'Your post is featured for 24 hours (regular) or 7 days (mega).',
  },
];

/** Spec §2 /boost: the how-it-works list. */
export function BoostHowItWorks() {
  return (
    <section aria-labelledby="boost-how-title" className="flex flex-col gap-4">
      <h2 id="boost-how-title" className="text-2xl font-bold">
        How it works
      </h2>
      <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {steps().map((step, index) => (
          <li key={step.title} className="flex gap-3 rounded-xl border bg-card p-4">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <step.icon className="size-4" aria-hidden="true" />
            </span>
            <div className="flex flex-col gap-1">
              <p className="font-semibold">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </p>
              <p className="text-sm text-muted-foreground">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
