import { CalendarDays } from 'lucide-react';

import { useDocumentHead } from '@/lib/use-document-head';

import type { LegalSection } from '../content/types';
import { LegalDocument } from './legal-document';

interface LegalPageProps {
  title: string;
  description: string;
  canonicalPath: string;
  lastUpdated: string;
  effective?: string;
  sections: LegalSection[];
}

export function LegalPage({
  title,
  description,
  canonicalPath,
  lastUpdated,
  effective,
  sections,
}: LegalPageProps) {
  useDocumentHead({ title: `${title} – SoleScore`, description, canonicalPath });

  return (
    <article className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:py-12">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4" aria-hidden="true" />
            Last updated: {lastUpdated}
          </span>
          {effective ? <span>Effective: {effective}</span> : null}
        </p>
      </header>

      <nav aria-label={`${title} contents`} className="rounded-xl border bg-card p-4 text-sm">
        <h2 className="mb-2 font-semibold">Contents</h2>
        <ol className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="rounded-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
              >
                {index + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div
        role="region"
        aria-label={`${title} text`}
        tabIndex={0}
        className="max-h-[70vh] overflow-y-auto overscroll-contain rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-8"
      >
        <LegalDocument sections={sections} />
      </div>
    </article>
  );
}
