import type { NavLink } from "../site/navigation.ts";
import { linkTo } from "../site/pages.ts";

export const notFound = {
  title: "Page Not Found",
  description: "The page you asked for does not exist on the Veilvault website. Start from the home page or one of the main sections.",
  heading: "We could not find that page",
  intro: "The address may be mistyped, or the page may have moved. These are good places to start:",
  // Named as the route table names them.
  links: (["/", "/features", "/architecture", "/use-case", "/compliance", "/get-in-touch"] as const).map(linkTo),
} satisfies { links: readonly NavLink[] } & Record<string, unknown>;
