import { cn } from '@/lib/cn';

/** The SoleScore mark: a footprint in a rounded tile. Decorative; the word carries the name. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={cn('size-8 shrink-0', className)}
    >
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <g className="fill-primary-foreground" transform="translate(-1.8 0.4)">
        <path d="M11.2 15.2c-.2-2.6 2.1-4 5.1-3.9 3.3.1 6.1 1.7 6.2 4.6.1 2.2-1.6 3.4-2.2 5.3-.5 1.6-.2 3.1-.9 4.4-.7 1.3-2 1.9-3.5 1.8-1.9-.1-3.1-1.4-3.2-3.4-.1-1.6.6-2.9.3-4.4-.3-1.6-1.7-2.5-1.8-4.4Z" />
        <ellipse cx="12.6" cy="8.3" rx="2.3" ry="2.6" />
        <circle cx="16.9" cy="7.2" r="1.75" />
        <circle cx="20.3" cy="8" r="1.5" />
        <circle cx="22.9" cy="9.9" r="1.3" />
        <circle cx="24.6" cy="12.5" r="1.1" />
      </g>
    </svg>
  );
}

export function LogoWordmark({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark />
      <span className="text-lg font-extrabold tracking-tight">
        Sole<span className="text-primary">Score</span>
      </span>
    </span>
  );
}
