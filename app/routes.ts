import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { publishingRoutes } from "./content/publishing-routes.server.ts";
import { pages, utilityPages } from "./site/pages.ts";

export default [
  ...pages.map((page) => {
    if (page.path === "/") return index(page.file);
    // The pages of a family share their module, so each needs its own route id.
    return "family" in page ? route(page.path.slice(1), page.file, { id: page.path }) : route(page.path.slice(1), page.file);
  }),
  // The newsletter pages share their module too.
  ...utilityPages.map((page) => route(page.path.slice(1), page.file, { id: page.path })),
  // Posts, tags, news items and events: the module of the collections' list pages draws them too.
  ...publishingRoutes().map(({ pattern, id }) => route(pattern, "routes/publication.tsx", { id })),
  // Unknown paths render the not-found page (prerendered at /404, served with status 404).
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
