import { StaticBlock } from "../components/ui/static-block.tsx";
import { architecturePage } from "../content/pages.server.ts";
import { blocksPageData } from "../route-data/blocks-page.server.tsx";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/architecture";

export const loader = () => blocksPageData("/architecture", architecturePage, "layer");
export const meta = metaFromLoader;

export default function ArchitecturePage({ loaderData }: Route.ComponentProps) {
  return <StaticBlock markup={loaderData.page} />;
}
