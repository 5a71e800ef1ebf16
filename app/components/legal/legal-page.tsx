import type { RenderedLegalDocument } from "../../lib/legal-document.server.ts";
import type { LegalDocumentFrontmatter } from "../../content/schemas/legal-document.ts";
import type { PageIntroContent } from "../../content/types.ts";
import { IntroFromContent } from "../intro-from-content.tsx";
import { ContentsList } from "../ui/contents-list.tsx";
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
          <ContentsList label={words("legalPages.contents")} sections={document.sections} />
          <article aria-labelledby="page-title" className="document-prose max-w-[68ch]">
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
