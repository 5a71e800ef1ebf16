import type { PageIntroContent } from "../content/types.ts";
import { DemoButton } from "./demo-button.tsx";
import { LearnMoreLink } from "./learn-more-link.tsx";
import { PageIntro } from "./page-intro.tsx";

/** A page's opening band from its content record, with the demo and 'Learn More' actions when asked for. */
export function IntroFromContent({ content }: { content: PageIntroContent }) {
  return (
    <PageIntro eyebrow={content.eyebrow} title={content.heading} intro={<p>{content.intro}</p>}>
      {content.actions && (
        <>
          <DemoButton />
          <LearnMoreLink />
        </>
      )}
    </PageIntro>
  );
}
