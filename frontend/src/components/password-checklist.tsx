import { Check, Circle } from 'lucide-react';

import { cn } from '@/lib/cn';
import type { PasswordChecks } from '@/lib/password-rules';

/** Spec §2/§5: the live checklist under a new password ('At least 8 characters', 'Passwords match'). */
export function PasswordChecklist({ checks, id }: { checks: PasswordChecks; id?: string }) {
  const items = [
    { label: 'At least 8 characters', met: checks.longEnough },
    { label: 'Passwords match', met: checks.matches },
  ];
  return (
    <ul id={id} aria-label="Password requirements" className="flex flex-col gap-1.5 text-sm">
      {items.map((item) => (
        <li
          key={item.label}
          className={cn(
            'flex items-center gap-2',
            item.met ? 'text-success' : 'text-muted-foreground',
          )}
        >
          {item.met ? (
            <Check className="size-4 shrink-0" strokeWidth={3} aria-hidden="true" />
          ) : (
            <Circle className="size-4 shrink-0" aria-hidden="true" />
          )}
          <span>{item.label}</span>
          <span className="sr-only">{item.met ? '(done)' : '(not yet)'}</span>
        </li>
      ))}
    </ul>
  );
}
