import { StaticBlock } from "../components/ui/static-block.tsx";
import { metaFromLoader } from "../lib/seo.ts";
import { regulationData } from "../route-data/compliance-data.server.tsx";
import { requestedPage } from "../route-data/page-data.server.ts";
import type { Route } from "./+types/regulation";

/** Every regulation page (family "regulation" in the route table): its record is found by its path. */
export const loader = ({ request }: Route.LoaderArgs) => regulationData(requestedPage(request));
export const meta = metaFromLoader;

export default function RegulationPage({ loaderData }: Route.ComponentProps) {
  return <StaticBlock markup={loaderData.page} />;
}
