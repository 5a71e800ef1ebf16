import { Link } from "react-router";
import type { PageIntroContent } from "../content/page-intros.ts";
import { DemoButton } from "./demo-button.tsx";
import { PageIntro } from "./page-intro.tsx";

/** A page's opening band from its content record, with the demo and 'Learn More' actions when asked for. */
export function IntroFromContent({ content }: { content: PageIntroContent }) {
  return (
    <PageIntro eyebrow={content.eyebrow} title={content.heading} intro={<p>{content.intro}</p>}>
      {content.actions && (
        <>
          <DemoButton />
          <Link
            to="/architecture"
            className="inline-flex h-[46px] items-center rounded-full border border-line-ink px-6 text-[0.9375rem] font-semibold text-on-ink hover:border-on-ink-muted"
          >
            Learn More
            <span className="sr-only"> about our architecture</span>
          </Link>
        </>
      )}
    </PageIntro>
  );
}
