import type { LegalBlock, LegalSection } from '../content/types';

function Block({ block }: { block: LegalBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return <p className="leading-relaxed">{block.text}</p>;
    case 'list':
      return (
        <ul className="flex list-disc flex-col gap-1.5 pl-6 leading-relaxed marker:text-muted-foreground">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'table':
      return (
        // Wide tables scroll sideways on phones instead of squashing their columns; the
        // scroll area is focusable and named so keyboard users can scroll it too.
        <div
          role="region"
          aria-label={block.caption}
          tabIndex={0}
          className="overflow-x-auto rounded-lg border"
        >
          <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
            <caption className="border-b bg-muted px-4 py-2 text-left font-semibold text-foreground">
              {block.caption}
            </caption>
            <thead>
              <tr className="border-b bg-muted">
                {block.columns.map((column) => (
                  <th key={column} scope="col" className="px-4 py-2 font-semibold">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, rowIndex) => (
                <tr key={row.join('|') || rowIndex} className="border-b last:border-b-0">
                  {row.map((cell, cellIndex) => (
                    <td key={cellIndex} className="px-4 py-2 align-top leading-relaxed">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}

/** Numbered sections with stable anchors (`#<section id>`). */
export function LegalDocument({ sections }: { sections: LegalSection[] }) {
  return (
    <div className="flex flex-col gap-8">
      {sections.map((section, index) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-title`}
          className="scroll-mt-4"
        >
          <h2 id={`${section.id}-title`} className="mb-3 text-xl font-bold tracking-tight">
            <a href={`#${section.id}`} className="rounded-sm hover:underline">
              {index + 1}. {section.title}
            </a>
          </h2>
          <div className="flex flex-col gap-3 text-foreground">
            {section.blocks.map((block, blockIndex) => (
              <Block key={blockIndex} block={block} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
