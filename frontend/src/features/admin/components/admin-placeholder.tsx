import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';

import { Card, CardContent } from '@/components/ui/card';

/** An admin page that the admin back office issue will fill; honest about it meanwhile. */
export function AdminPlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      {children}
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <Card>
        <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
          <Construction className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="text-muted-foreground">This section arrives with the admin back office.</p>
        </CardContent>
      </Card>
    </div>
  );
}
