import type { RenderedLegalDocument } from "../../lib/legal-document.server.ts";
import type { LegalDocumentFrontmatter } from "../../content/schemas/legal-document.ts";
import type { PageIntroContent } from "../../content/types.ts";
import { IntroFromContent } from "../intro-from-content.tsx";
import { Container } from "../ui/container.tsx";
import { words } from "../../content/interface-words.ts";

interface LegalPageProps {
  intro: PageIntroContent;
  date: LegalDocumentFrontmatter["date"];
  document: RenderedLegalDocument;
}

/**
 * A legal document: its date, a table of contents linking every section, and
 * the text at a comfortable reading width. Printing leaves out the site's
 * chrome and the contents list (app.css, @media print).
 */
export function LegalPage({ intro, date, document }: LegalPageProps) {
  return (
    <>
      <IntroFromContent content={intro} />
      <Container className="py-12 sm:py-16">
        <div className="grid grid-cols-1 gap-10 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-16">
          <nav aria-labelledby="contents-title" className="legal-toc lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:self-start lg:overflow-y-auto">
            <h2 id="contents-title" className="text-sm font-semibold tracking-wide text-text-muted uppercase">
              {words("legalPages.contents")}
            </h2>
            <ol className="mt-4 flex flex-col gap-1 border-l border-line text-sm/6">
              {document.sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="-ml-px block border-l-2 border-transparent py-1 pl-4 text-text-muted hover:border-accent hover:text-text"
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <article aria-labelledby="page-title" className="legal-prose max-w-[68ch]">
            <p className="legal-date text-sm text-text-muted">
              {date.label}: <time dateTime={date.iso}>{date.text}</time>
            </p>
            <div dangerouslySetInnerHTML={{ __html: document.html }} />
          </article>
        </div>
      </Container>
    </>
  );
}
