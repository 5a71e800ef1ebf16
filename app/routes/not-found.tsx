import { PageIntro } from "../components/page-intro.tsx";
import notFoundFile from "../../content/not-found.yaml";
import type { NotFoundPage } from "../content/schemas/not-found-page.ts";
import { linkTo } from "../site/pages.ts";
import { buildMeta } from "../lib/seo.ts";

// The build checked the file against this schema before handing it over (content-files-plugin.ts).
const notFound = notFoundFile as NotFoundPage;

// Served with HTTP 404 (see server/ and scripts/build/postbuild.ts) and kept out of search results.
export const meta = () =>
  buildMeta({ path: null, title: notFound.title, description: notFound.description, noindex: true });

export default function NotFoundPage() {
  return (
    <PageIntro
      eyebrow={notFound.eyebrow}
      title={notFound.heading}
      intro={<p>{notFound.intro}</p>}
    >
      <ul className="flex flex-wrap gap-3">
        {notFound.links.map(linkTo).map((link) => (
          <li key={link.to}>
            <a
              href={link.to}
              className="inline-flex h-11 items-center rounded-full border border-line-ink px-5 font-medium text-on-ink hover:border-on-ink-muted"
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </PageIntro>
  );
}
