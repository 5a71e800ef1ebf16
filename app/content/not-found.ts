import type { NavLink } from "../site/navigation.ts";

export const notFound = {
  title: "Page Not Found",
  description: "The page you asked for does not exist on the Veilvault website. Start from the home page or one of the main sections.",
  heading: "We could not find that page",
  intro: "The address may be mistyped, or the page may have moved. These are good places to start:",
  links: [
    { label: "Home", to: "/" },
    { label: "Core Features", to: "/features" },
    { label: "Explore our Architecture", to: "/architecture" },
    { label: "Use Cases", to: "/use-case" },
    { label: "Compliance Hub", to: "/compliance" },
    { label: "Get In Touch", to: "/get-in-touch" },
  ],
} as const satisfies { links: readonly NavLink[] } & Record<string, unknown>;
