import { LegalPage } from "../components/legal/legal-page.tsx";
import { legalData } from "../route-data/legal-data.server.ts";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/cookie-policy";

export const loader = () => legalData("cookie-policy");
export const meta = metaFromLoader;

export default function CookiePolicyPage({ loaderData }: Route.ComponentProps) {
  return <LegalPage intro={loaderData.intro} info={loaderData.info} document={loaderData.document} />;
}
