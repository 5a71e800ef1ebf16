import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/site/pages.ts";

// Every route is prerendered to static HTML; there is no server-side rendering at
// request time, so the same build deploys to our Node server or any static host.
export default {
  ssr: false,
  prerender: prerenderPaths(),
} satisfies Config;
