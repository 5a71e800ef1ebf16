import { Link } from "react-router";
import { PageIntro } from "../components/page-intro.tsx";
import { notFound } from "../content/not-found.ts";
import { buildMeta } from "../lib/seo.ts";

// Served with HTTP 404 (see server/ and scripts/build/postbuild.ts) and kept out of search results.
export const meta = () =>
  buildMeta({ path: null, title: notFound.title, description: notFound.description, noindex: true });

export default function NotFoundPage() {
  return (
    <PageIntro
      eyebrow="Error 404"
      title={notFound.heading}
      intro={<p>{notFound.intro}</p>}
    >
      <ul className="flex flex-wrap gap-3">
        {notFound.links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="inline-flex h-11 items-center rounded-full border border-line-ink px-5 font-medium text-on-ink hover:border-on-ink-muted"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </PageIntro>
  );
}
