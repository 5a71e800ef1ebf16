import { SectionHeader } from "../components/sections/section-header.tsx";
import { TrustRequestCard } from "../components/trust/trust-request-card.tsx";
import TrustRequestFormIsland from "../islands/trust-request-form.island.tsx";
import { Section } from "../components/ui/section.tsx";
import { StaticBlock } from "../components/ui/static-block.tsx";
import { trustPageData } from "../route-data/trust-data.server.tsx";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/trust";

export const loader = () => trustPageData();
export const meta = metaFromLoader;

/** The Trust Center (TRUST-1 to TRUST-4): drawn at build time but for the request form, which is its own chunk. */
export default function TrustPage({ loaderData }: Route.ComponentProps) {
  const { request } = loaderData;
  return (
    <>
      <StaticBlock markup={loaderData.before} />
      <Section id="request" labelledBy="request-title" tone="muted">
        <SectionHeader content={request.heading} id="request-title" />
        <StaticBlock markup={loaderData.nda} />
        <TrustRequestCard>
          <TrustRequestFormIsland {...request.form} />
        </TrustRequestCard>
      </Section>
      <StaticBlock markup={loaderData.after} />
    </>
  );
}
