import { StaticBlock } from "../components/ui/static-block.tsx";
import { featuresPage } from "../content/pages.server.ts";
import { blocksPageData } from "../route-data/blocks-page.server.tsx";
import { metaFromLoader } from "../lib/seo.ts";
import type { Route } from "./+types/features";

export const loader = () => blocksPageData("/features", featuresPage, "feature");
export const meta = metaFromLoader;

export default function FeaturesPage({ loaderData }: Route.ComponentProps) {
  return <StaticBlock markup={loaderData.page} />;
}
