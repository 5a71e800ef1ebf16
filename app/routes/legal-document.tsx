import { StaticBlock } from "../components/ui/static-block.tsx";
import { metaFromLoader } from "../lib/seo.ts";
import { legalData } from "../route-data/legal-data.server.tsx";
import { requestedPage } from "../route-data/page-data.server.ts";
import type { Route } from "./+types/legal-document";

/** Every legal document (family "legal" in the route table): its record is found by its path. */
export const loader = ({ request }: Route.LoaderArgs) => legalData(requestedPage(request));
export const meta = metaFromLoader;

export default function LegalDocumentPage({ loaderData }: Route.ComponentProps) {
  return <StaticBlock markup={loaderData.page} />;
}
