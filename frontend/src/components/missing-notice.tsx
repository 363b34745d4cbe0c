import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface MissingNoticeProps {
  icon: LucideIcon;
  title: string;
  text: string;
  /** The way on (a link back). */
  action: ReactNode;
}

/** A page for something that is not there (a post, a profile): an icon, what, why, and a way on. */
export function MissingNotice({ icon: Icon, title, text, action }: MissingNoticeProps) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Icon className="size-8" aria-hidden="true" />
      </span>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      {action}
    </div>
  );
}
