import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { PageIntro } from "../components/page-intro.tsx";
import { pageIntros } from "../content/page-intros.ts";
import { pageMeta } from "../lib/seo.ts";

export const meta = () => pageMeta("/coming-soon-page");

export default function ComingSoonPage() {
  const content = pageIntros["/coming-soon-page"];
  return (
    <PageIntro title={content.heading} intro={<p>{content.intro}</p>}>
      <Link
        to="/"
        className="inline-flex h-[46px] items-center gap-2 rounded-full bg-accent px-6 text-[0.9375rem] font-semibold text-white hover:bg-accent-strong"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Home
      </Link>
    </PageIntro>
  );
}
