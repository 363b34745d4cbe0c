import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

import { Alert } from '@/components/ui/alert';
import { cn } from '@/lib/cn';

/** A status the member should know before going on: an icon, a title and a line. */
export function WarningNotice({
  icon: Icon,
  title,
  children,
  className,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Alert role="status" className={cn('border-warning', className)}>
      <Icon aria-hidden="true" />
      <div className="flex flex-col gap-0.5">
        <p className="font-semibold">{title}</p>
        <p className="text-muted-foreground">{children}</p>
      </div>
    </Alert>
  );
}
