import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { publishingRoutes } from "./content/publishing-routes.server.ts";
import { LANDING_PREFIX, pages, pathClaims, refuseSharedPaths, utilityPages } from "./site/pages.ts";

// Two pages on one address stop the build here, before anything is bundled (UC-13).
refuseSharedPaths(pathClaims());

const landing = pages.find((page) => page.family === "landing");

export default [
  ...pages
    .filter((page) => page.family !== "landing")
    .map((page) => {
      if (page.path === "/") return index(page.file);
      // The pages of a family share their module, so each needs its own route id.
      return page.family ? route(page.path.slice(1), page.file, { id: page.path }) : route(page.path.slice(1), page.file);
    }),
  // The landing pages are files (UC-13): one pattern serves them all, so a file added while the development
  // server runs (`npm run cms`) has its page at once. The prerender list names each. With `ssr: false`, a
  // pattern no prerendered path reaches is refused, hence none when the folder is empty.
  ...(landing ? [route(`${LANDING_PREFIX.slice(1)}:slug`, landing.file, { id: "use-case-landing" })] : []),
  // The newsletter pages share their module too.
  ...utilityPages.map((page) => route(page.path.slice(1), page.file, { id: page.path })),
  // Posts, tags, news items and events: the module of the collections' list pages draws them too.
  ...publishingRoutes().map(({ pattern, id }) => route(pattern, "routes/publication.tsx", { id })),
  // Unknown paths render the not-found page (prerendered at /404, served with status 404).
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
