import { describedLink, familyPages, linkTo, menuPages, type PagePath } from "./pages.ts";

/**
 * The id of the footer's newsletter box, on every page: pages that invite a
 * visitor to sign up (again) link to it as `#newsletter`.
 */
export const NEWSLETTER_BOX_ID = "newsletter";

/** A link to a page of ours, optionally to a section of it. */
export interface NavLink {
  label: string;
  to: PagePath | `${PagePath}#${string}`;
  /** One-line blurb shown under the label in the Use Cases menu. */
  blurb?: string;
}

export interface NavColumn {
  heading: string;
  links: readonly NavLink[];
}

export interface NavMenu {
  id: "useCases" | "company";
  label: string;
  columns: readonly NavColumn[];
}

/**
 * The Use Cases menu's columns, in route-table order: the landing pages whose
 * file asks to be shown (UC-13; the others are campaign pages, reached by their
 * own links), and every regulation page.
 */
export const solutionLinks: readonly NavLink[] = menuPages("landing").map(describedLink);
export const complianceLinks: readonly NavLink[] = familyPages("regulation").map(linkTo);

/** Header, in order: the Use Cases menu, two direct links, the Company menu. */
export const useCasesMenu: NavMenu = {
  id: "useCases",
  label: "Use Cases",
  columns: [
    { heading: "Solutions", links: solutionLinks },
    { heading: "Compliance", links: complianceLinks },
  ],
};

export const companyMenu: NavMenu = {
  id: "company",
  label: "Company",
  columns: [{ heading: "Company", links: [linkTo("/company")] }],
};

export const headerLinks: readonly NavLink[] = [linkTo("/features"), linkTo("/architecture")];

export const footerColumns = [
  {
    heading: "Product",
    links: [
      { label: "How It Works", to: "/#how-it-works" },
      { label: "Features", to: "/features" },
      { label: "Use Cases", to: "/use-case" },
      { label: "Compliance Hub", to: "/compliance" },
    ],
  },
  {
    heading: "Resources",
    links: [
      { label: "Blogs", to: "/blog" },
      { label: "News", to: "/news" },
      { label: "Events", to: "/events" },
    ],
  },
  {
    heading: "Company",
    links: [
      { label: "About Us", to: "/company" },
      { label: "Careers", to: "/coming-soon-page" },
      { label: "Get In Touch", to: "/get-in-touch" },
      { label: "Trust Center", to: "/trust" },
      { label: "Terms and Conditions", to: "/terms-of-service" },
      { label: "Privacy Policy", to: "/privacy-policy" },
      { label: "Cookie Policy", to: "/cookie-policy" },
    ],
  },
] as const satisfies readonly NavColumn[];
