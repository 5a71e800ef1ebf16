import { securityOverview, soc2Guide } from "../../common/downloads.ts";
import { IntroFromContent } from "../components/intro-from-content.tsx";
import { HeadedSection } from "../components/sections/section-header.tsx";
import { DataHandling, DocumentCards, OverviewTopics, type TrustDocumentCard } from "../components/trust/trust-sections.tsx";
import { textLink } from "../components/ui/button-styles.ts";
import { ndaTerms, trustPage } from "../content/pages.server.ts";
import { withIconNodes } from "../lib/icons.server.ts";
import { renderMarkdown } from "../lib/markdown.server.ts";
import { pageData } from "./page-data.server.ts";
import { staticMarkup } from "./static-markup.server.tsx";

const PATH = "/trust";

const DOWNLOADS = { "security-overview": securityOverview, "soc-2-readiness-guide": soc2Guide } as const;

function documentCards(): TrustDocumentCard[] {
  return trustPage.documents.items.map((item) => ({
    id: item.id,
    title: item.title,
    summary: item.summary,
    audience: item.audience,
    ...(item.access === "public" ? { download: DOWNLOADS[item.id] } : {}),
  }));
}

/**
 * The Trust Center's loader data: every part drawn at build time (PERF-8)
 * but the request form, which gets its words, the gated documents and the
 * terms' version; the terms themselves are shown whole beside it.
 */
export function trustPageData() {
  const { intro, overview, dataHandling, documents, request, disclosure } = trustPage;
  const nda = renderMarkdown(ndaTerms.body);
  const gated = trustPage.documents.items.filter((item) => item.access === "on request").map(({ id, title }) => ({ id, title }));
  return pageData(PATH, {
    before: staticMarkup(
      <>
        <IntroFromContent content={intro} />
        <HeadedSection id="overview" heading={overview}>
          <OverviewTopics topics={withIconNodes([...overview.topics])} notClaimed={overview.notClaimed} />
        </HeadedSection>
        <HeadedSection id="data" heading={dataHandling} tone="muted">
          <DataHandling content={dataHandling} />
        </HeadedSection>
        <HeadedSection id="documents" heading={documents}>
          <DocumentCards
            documents={documentCards()}
            labels={{ audience: documents.audienceLabel, download: documents.downloadLabel, request: documents.requestLabel }}
          />
        </HeadedSection>
      </>,
    ),
    nda: staticMarkup(
      <div id="nda" className="mt-10">
        <h3 id="nda-title" className="text-lg font-semibold">
          {ndaTerms.data.title} <span className="font-normal text-text-muted">(version {ndaTerms.data.version})</span>
        </h3>
        {/* Focusable, so a keyboard can scroll the terms inside their box. */}
        <section
          tabIndex={0}
          aria-labelledby="nda-title"
          className="document-prose compact-prose mt-4 max-h-80 overflow-y-auto rounded-2xl border border-line bg-surface p-6"
          dangerouslySetInnerHTML={{ __html: nda.html }}
        />
      </div>,
    ),
    request: {
      heading: { eyebrow: request.eyebrow, heading: request.heading, intro: request.intro },
      form: {
        documents: gated,
        ndaVersion: ndaTerms.data.version,
        words: {
          labels: request.labels,
          documentsLegend: request.documentsLegend,
          ndaLabel: request.ndaLabel,
          ndaSummary: request.ndaSummary,
          submit: request.submit,
          sending: request.sending,
          received: request.received,
          failed: request.failed,
          noScript: request.noScript,
        },
      },
    },
    after: staticMarkup(
      <HeadedSection id="disclosure" heading={disclosure}>
        <p className="mt-6 max-w-3xl text-base/7 text-text-muted">{disclosure.text}</p>
        <p className="mt-4">
          <a href="/trust/vulnerability-disclosure" className={`font-semibold ${textLink}`}>
            {disclosure.link}
          </a>
        </p>
      </HeadedSection>,
    ),
  });
}
