import type { MarkdownSection } from "../../lib/markdown.server.ts";

/**
 * A document's contents beside its text (legal documents, long posts): a
 * link to every section, kept in view on wide screens, left out when printing
 * (app.css, .legal-toc).
 */
export function ContentsList({ label, sections }: { label: string; sections: readonly MarkdownSection[] }) {
  return (
    <nav aria-labelledby="contents-title" className="legal-toc lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:self-start lg:overflow-y-auto">
      <h2 id="contents-title" className="text-sm font-semibold tracking-wide text-text-muted uppercase">
        {label}
      </h2>
      <ol className="mt-4 flex flex-col gap-1 border-l border-line text-sm/6">
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`} className="-ml-px block border-l-2 border-transparent py-1 pl-4 text-text-muted hover:border-accent hover:text-text">
              {section.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
