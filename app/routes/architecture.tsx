import { StaticBlock } from "../components/ui/static-block.tsx";
import { architecturePage } from "../content/architecture.ts";
import { blocksPageData } from "../route-data/blocks-page.server.tsx";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/architecture";

export const loader = () => blocksPageData("/architecture", architecturePage.blocks, "layer");
export const meta = metaFromLoader;

export default function ArchitecturePage({ loaderData }: Route.ComponentProps) {
  return <StaticBlock markup={loaderData.page} />;
}
