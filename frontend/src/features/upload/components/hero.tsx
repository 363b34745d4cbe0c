import { Sparkles } from 'lucide-react';

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="flex flex-col items-center gap-4 text-center">
      <p className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-xs font-semibold text-muted-foreground">
        <Sparkles className="size-3.5 text-primary" aria-hidden="true" />
        Just for fun · Adults 18+ only
      </p>
      <h1
        id="hero-title"
        className="max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl"
      >
        How do your feet <span className="text-primary">score</span>?
      </h1>
      <p className="max-w-2xl text-lg text-pretty text-muted-foreground">
        Upload a photo of your feet and get an instant AI rating out of 10, with scores for toe
        alignment, toe nails, foot shape and aesthetic. No sign-up needed.
      </p>
    </section>
  );
}
