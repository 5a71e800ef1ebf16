import { LegalPage } from "../components/legal/legal-page.tsx";
import { legalData } from "../route-data/legal-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/privacy-policy";

export const loader = () => legalData("privacy-policy");
export const meta = metaFromLoader;

export default function PrivacyPolicyPage({ loaderData }: Route.ComponentProps) {
  return <LegalPage intro={loaderData.intro} info={loaderData.info} document={loaderData.document} />;
}
