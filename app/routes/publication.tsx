import { StaticBlock } from "../components/ui/static-block.tsx";
import { metaFromLoader } from "../lib/seo.ts";
import { publishingData } from "../route-data/publishing-data.server.tsx";
import { requestedPage } from "../route-data/page-data.server.ts";
import type { Route } from "./+types/publication";

/** The blog, news and events with every entry's page (PUB-3): drawn at build time, so they add no script. */
export const loader = ({ request }: Route.LoaderArgs) => publishingData(requestedPage(request));
export const meta = metaFromLoader;

export default function PublicationPage({ loaderData }: Route.ComponentProps) {
  return <StaticBlock markup={loaderData.page} />;
}
