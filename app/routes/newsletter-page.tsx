import { Link } from "react-router";
import { PageIntro } from "../components/page-intro.tsx";
import { primaryOnInkButton } from "../components/ui/button-styles.ts";
import { metaFromLoader } from "../lib/seo.ts";
import { newsletterPageData } from "../route-data/newsletter-data.server.ts";
import { requestedPage } from "../route-data/page-data.server.ts";
import type { Route } from "./+types/newsletter-page";

/** The pages a newsletter e-mail leads to (app/site/pages.ts, utilityPages): each finds its copy by its path. */
export const loader = ({ request }: Route.LoaderArgs) => newsletterPageData(requestedPage(request));
export const meta = metaFromLoader;

export default function NewsletterPage({ loaderData }: Route.ComponentProps) {
  const { content } = loaderData;
  const { action } = content;
  return (
    <PageIntro
      eyebrow="Newsletter"
      title={content.heading}
      intro={
        <div className="space-y-4">
          {content.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {"contact" in content && (
            <p>
              {content.contact.text}{" "}
              <a href={`mailto:${content.contact.email}`} className="text-on-ink underline underline-offset-2">
                {content.contact.email}
              </a>
              .
            </p>
          )}
        </div>
      }
    >
      {action.kind === "unsubscribe" ? (
        // No action attribute: the browser posts to this page's own URL, its
        // ?token=… included, with or without JavaScript (the server answers 303).
        <form method="post">
          <button type="submit" className={primaryOnInkButton}>
            {action.label}
          </button>
        </form>
      ) : (
        // "#newsletter" stays on this page: the scroll manager brings the footer's box into view (NAV-12).
        <Link to={action.href} className={primaryOnInkButton}>
          {action.label}
        </Link>
      )}
    </PageIntro>
  );
}
