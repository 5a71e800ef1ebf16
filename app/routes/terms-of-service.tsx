import { LegalPage } from "../components/legal/legal-page.tsx";
import { legalData } from "../route-data/legal-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/terms-of-service";

export const loader = () => legalData("terms-of-service");
export const meta = metaFromLoader;

export default function TermsOfServicePage({ loaderData }: Route.ComponentProps) {
  return <LegalPage intro={loaderData.intro} info={loaderData.info} document={loaderData.document} />;
}
