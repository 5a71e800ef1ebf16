import { PageIntro } from "../components/page-intro.tsx";
import { primaryOnInkButton } from "../components/ui/button-styles.ts";
import { metaFromLoader } from "../lib/seo.ts";
import { newsletterPageData } from "../route-data/newsletter-data.server.ts";
import { requestedPage } from "../route-data/page-data.server.ts";
import { staticMarkup } from "../route-data/static-markup.server.tsx";
import { StaticBlock } from "../components/ui/static-block.tsx";
import type { Route } from "./+types/newsletter-page";
import { words } from "../content/interface-words.ts";

type NewsletterContent = ReturnType<typeof newsletterPageData>["content"];

/** The page needs no script: it is drawn at build time (PERF-8). */
function NewsletterView({ content, trust }: { content: NewsletterContent; trust: boolean }) {
  const { action, contact } = content;
  return (
    <PageIntro
      eyebrow={trust ? words("trustPages.eyebrow") : words("newsletterPages.eyebrow")}
      title={content.heading}
      intro={
        <div className="space-y-4">
          {content.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {contact && (
            <p>
              {contact.text}{" "}
              <a href={`mailto:${contact.email}`} className="text-on-ink underline underline-offset-2">
                {contact.email}
              </a>
              .
            </p>
          )}
        </div>
      }
    >
      {action.kind === "post" ? (
        // No action attribute: the browser posts to this page's own URL, its
        // ?token=… included, with or without JavaScript (the server answers 303).
        <form method="post">
          <button type="submit" className={primaryOnInkButton}>
            {action.label}
          </button>
        </form>
      ) : (
        // "#newsletter" stays on this page: the page's script scrolls the footer's box into view (NAV-12).
        <a href={action.href} className={primaryOnInkButton}>
          {action.label}
        </a>
      )}
    </PageIntro>
  );
}

/** The pages a newsletter or Trust Center e-mail leads to (app/site/pages.ts, utilityPages): each finds its copy by its path. */
export const loader = ({ request }: Route.LoaderArgs) => {
  const path = requestedPage(request);
  const { content, meta } = newsletterPageData(path);
  return { meta, page: staticMarkup(<NewsletterView content={content} trust={path.startsWith("/trust/")} />) };
};
export const meta = metaFromLoader;

export default function NewsletterPage({ loaderData }: Route.ComponentProps) {
  return <StaticBlock markup={loaderData.page} />;
}
