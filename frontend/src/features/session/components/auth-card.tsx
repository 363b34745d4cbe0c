import { Link } from '@tanstack/react-router';
import { CircleCheck, X, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';

import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/cn';

interface AuthCardProps {
  icon?: LucideIcon;
  /** Spins the icon, for a view that is waiting on the server. */
  iconSpins?: boolean;
  /** Colour of the icon badge: success and error views get theirs. */
  tone?: 'default' | 'success' | 'destructive';
  title: string;
  description?: ReactNode;
  /** Shows a close control back to the home page (the login screen has one). */
  closable?: boolean;
  /** Moves focus to the heading when the card appears, e.g. after a form turns into a result. */
  focusTitle?: boolean;
  children?: ReactNode;
  footer?: ReactNode;
}

const toneClasses = {
  default: 'bg-accent text-accent-foreground',
  success: 'bg-success text-success-foreground',
  destructive: 'bg-destructive text-destructive-foreground',
} as const;

/** The centred card every sign-in, registration and recovery screen is built on. */
export function AuthCard({
  icon: Icon,
  iconSpins = false,
  tone = 'default',
  title,
  description,
  closable = false,
  focusTitle = false,
  children,
  footer,
}: AuthCardProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);

  return (
    <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 py-10 sm:py-16">
      <Card className="relative">
        {closable ? (
          <Link
            to="/"
            aria-label="Close"
            className="absolute top-3 right-3 rounded-md p-2 text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground"
          >
            <X className="size-5" aria-hidden="true" />
          </Link>
        ) : null}
        <CardHeader className="items-center gap-3 pt-8 text-center">
          {Icon ? (
            <span
              className={cn(
                'flex size-12 items-center justify-center rounded-full',
                toneClasses[tone],
              )}
            >
              <Icon
                className={cn('size-6', iconSpins && 'animate-spin motion-reduce:animate-none')}
                aria-hidden="true"
              />
            </span>
          ) : null}
          <h1
            ref={titleRef}
            tabIndex={-1}
            className="text-2xl leading-tight font-bold tracking-tight outline-none"
          >
            {title}
          </h1>
          {description ? (
            <CardDescription className="text-base text-pretty">{description}</CardDescription>
          ) : null}
        </CardHeader>
        {children ? <CardContent className="flex flex-col gap-5">{children}</CardContent> : null}
        {footer ? (
          <div className="border-t px-6 py-4 text-center text-sm text-muted-foreground">
            {footer}
          </div>
        ) : null}
      </Card>
    </div>
  );
}

/**
 * A step that worked and moves on by itself: the success card, its title focused, the status
 * read out, and (when given) the link to where it is going.
 */
export function SuccessCard({
  title,
  status,
  children,
}: {
  title: string;
  status: string;
  children?: ReactNode;
}) {
  return (
    <AuthCard
      icon={CircleCheck}
      tone="success"
      title={title}
      focusTitle
      description={<span role="status">{status}</span>}
    >
      {children}
    </AuthCard>
  );
}

export const authLinkClass =
  'rounded-sm font-semibold text-primary underline-offset-4 hover:underline';
