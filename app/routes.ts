import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { pages } from "./site/pages.ts";

export default [
  ...pages.map((page) => (page.path === "/" ? index(page.file) : route(page.path.slice(1), page.file))),
  // Unknown paths render the not-found page (prerendered at /404, served with status 404).
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
