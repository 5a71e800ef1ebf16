import type { Config } from "@react-router/dev/config";
import { publishingPaths } from "./app/content/publishing-routes.server.ts";
import { prerenderPaths } from "./app/site/pages.ts";

// Every route is prerendered to static HTML; there is no server-side rendering at
// request time, so the same build deploys to our Node server or any static host.
// The publishing collections add a page per public entry (PUB-3).
export default {
  ssr: false,
  prerender: () => [...prerenderPaths(), ...publishingPaths()],
} satisfies Config;
