/**
 * Which schema holds which content file (EDIT-2): one kind per kind of page.
 * The build checks every file under content/ against its kind, a file no kind
 * claims is an error, and the CMS's fields are drawn from the same schemas, so
 * what an editor can write and what the build accepts cannot drift apart.
 * Build-only: the browser never loads a schema.
 */
import type { z } from "zod";
import { NOT_FOUND_PATH, pages } from "../site/pages.ts";
import { COLLECTIONS, eventPath, newsItemPath, postPath } from "../site/publishing.ts";
import { blocksPageSchema } from "./schemas/blocks-page.ts";
import { eventSchema, newsItemSchema, postSchema } from "./schemas/collection-entries.ts";
import { companyPageSchema } from "./schemas/company-page.ts";
import { complianceHubSchema, regulationClosingSchema } from "./schemas/compliance-hub.ts";
import { contactPageSchema } from "./schemas/contact-page.ts";
import { homePageSchema } from "./schemas/home-page.ts";
import { interfaceWordsSchema } from "./schemas/interface-words.ts";
import { introPageSchema } from "./schemas/intro-page.ts";
import { landingPageSchema } from "./schemas/landing-page.ts";
import { landingSectionsSchema } from "./schemas/landing-sections.ts";
import { legalDocumentSchema } from "./schemas/legal-document.ts";
import { newsletterPageSchema } from "./schemas/newsletter-page.ts";
import { notFoundPageSchema } from "./schemas/not-found-page.ts";
import { blogPageSchema, eventsPageSchema, newsPageSchema } from "./schemas/publishing-pages.ts";
import { playgroundPageSchema } from "./schemas/playground-page.ts";
import { regulationPageSchema } from "./schemas/regulation-page.ts";
import { soc2PageSchema } from "./schemas/soc2-page.ts";
import { useCaseHubSchema } from "./schemas/use-case-hub.ts";
import { ndaSchema, trustDocumentSchema, trustPageSchema } from "./schemas/trust-page.ts";

/**
 * Where the editor lists a kind (EDIT-9), as an editor looks for it: posts,
 * news and events first, then the site's pages by part of the site, then the
 * words every page shares. A kind editors add files to has a group of its
 * own. scripts/cms/editor-map.ts names and orders the groups.
 */
export type EditorGroup = "posts" | "news" | "events" | "publishing-pages" | "home-and-product" | "use-case-landing" | "use-cases" | "compliance" | "company-and-trust" | "legal" | "every-page";

export interface ContentKind {
  /** What editors call it, in the CMS's list: plain words, no file or code names. */
  label: string;
  group: EditorGroup;
  /**
   * The files it holds: one file, or a folder of files with one extension. In a
   * folder that editors add to (`creatable`), each new file is a new entry.
   */
  files: { file: string } | { folder: string; extension: "yaml" | "md"; creatable?: true };
  schema: z.ZodType;
  /** The page that shows a file's words, for the CMS's link to it: `name` is the file's name without its extension. */
  shownAt: (name: string) => string;
}

export const contentKinds = [
  { label: "Blog posts", group: "posts", files: { folder: "posts", extension: "md", creatable: true }, schema: postSchema, shownAt: postPath },
  { label: "News", group: "news", files: { folder: "news", extension: "md", creatable: true }, schema: newsItemSchema, shownAt: newsItemPath },
  { label: "Events", group: "events", files: { folder: "events", extension: "md", creatable: true }, schema: eventSchema, shownAt: eventPath },
  { label: "Blog: list, tag pages and the words around each post", group: "publishing-pages", files: { file: "blog.yaml" }, schema: blogPageSchema, shownAt: () => COLLECTIONS.posts.list },
  { label: "News: list page", group: "publishing-pages", files: { file: "news.yaml" }, schema: newsPageSchema, shownAt: () => COLLECTIONS.news.list },
  { label: "Events: list page and the words around each event", group: "publishing-pages", files: { file: "events.yaml" }, schema: eventsPageSchema, shownAt: () => COLLECTIONS.events.list },
  { label: "Newsletter page", group: "publishing-pages", files: { folder: "newsletter", extension: "yaml" }, schema: newsletterPageSchema, shownAt: (name) => `/newsletter/${name}` },
  { label: "Home", group: "home-and-product", files: { file: "home.yaml" }, schema: homePageSchema, shownAt: () => "/" },
  { label: "Core features", group: "home-and-product", files: { file: "features.yaml" }, schema: blocksPageSchema, shownAt: () => "/features" },
  { label: "Architecture", group: "home-and-product", files: { file: "architecture.yaml" }, schema: blocksPageSchema, shownAt: () => "/architecture" },
  { label: "Playground", group: "home-and-product", files: { file: "playground.yaml" }, schema: playgroundPageSchema, shownAt: () => "/playground" },
  { label: "Coming soon", group: "home-and-product", files: { file: "coming-soon-page.yaml" }, schema: introPageSchema, shownAt: () => "/coming-soon-page" },
  { label: "Use-case landing pages", group: "use-case-landing", files: { folder: "use-cases", extension: "yaml", creatable: true }, schema: landingPageSchema, shownAt: (name) => `/use-cases/${name}` },
  { label: "Use cases overview", group: "use-cases", files: { file: "use-case.yaml" }, schema: useCaseHubSchema, shownAt: () => "/use-case" },
  { label: "Headings every landing page shares", group: "use-cases", files: { file: "shared/landing-sections.yaml" }, schema: landingSectionsSchema, shownAt: () => "/use-cases/generative-ai-workflow" },
  { label: "Compliance overview", group: "compliance", files: { file: "compliance.yaml" }, schema: complianceHubSchema, shownAt: () => "/compliance" },
  { label: "Regulation page", group: "compliance", files: { folder: "regulations", extension: "yaml" }, schema: regulationPageSchema, shownAt: (name) => `/compliance/${name}` },
  { label: "SOC 2", group: "compliance", files: { file: "soc-2.yaml" }, schema: soc2PageSchema, shownAt: () => "/compliance/soc-2" },
  { label: "Closing every regulation page shares", group: "compliance", files: { file: "shared/regulation-closing.yaml" }, schema: regulationClosingSchema, shownAt: () => "/compliance/gdpr" },
  { label: "About us", group: "company-and-trust", files: { file: "company.yaml" }, schema: companyPageSchema, shownAt: () => "/company" },
  { label: "Get in touch", group: "company-and-trust", files: { file: "get-in-touch.yaml" }, schema: contactPageSchema, shownAt: () => "/get-in-touch" },
  { label: "Trust Center", group: "company-and-trust", files: { file: "trust.yaml" }, schema: trustPageSchema, shownAt: () => "/trust" },
  { label: "Trust Center document (sent on request)", group: "company-and-trust", files: { folder: "trust/documents", extension: "md" }, schema: trustDocumentSchema, shownAt: () => "/trust#documents" },
  { label: "Trust Center non-disclosure terms", group: "company-and-trust", files: { file: "trust/nda.md" }, schema: ndaSchema, shownAt: () => "/trust#request" },
  { label: "Trust Center e-mail link page", group: "company-and-trust", files: { folder: "trust", extension: "yaml" }, schema: newsletterPageSchema, shownAt: (name) => `/trust/${name}` },
  { label: "Legal", group: "legal", files: { folder: "legal", extension: "md" }, schema: legalDocumentSchema, shownAt: legalPath },
  { label: "Words on every page: header, footer, cookie banner, forms, playground", group: "every-page", files: { file: "interface.yaml" }, schema: interfaceWordsSchema, shownAt: () => "/playground" },
  { label: "Page not found", group: "every-page", files: { file: "not-found.yaml" }, schema: notFoundPageSchema, shownAt: () => NOT_FOUND_PATH },
] as const satisfies readonly ContentKind[];

/** Where a legal document is shown: the legal page whose path ends in its name. */
function legalPath(name: string): string {
  return pages.find((page) => "family" in page && page.family === "legal" && page.path.endsWith(`/${name}`))?.path ?? `/${name}`;
}

/** Files in content/ that are about the folder, not pages: no kind holds them. */
export const CONTENT_GUIDES = ["README.md"];

/** The kind that holds content/`file` (a path inside content/, with forward slashes), if any. */
export function contentKindOf(file: string): ContentKind | undefined {
  return contentKinds.find(({ files }) =>
    "file" in files ? files.file === file : file.startsWith(`${files.folder}/`) && !file.slice(files.folder.length + 1).includes("/") && file.endsWith(`.${files.extension}`),
  );
}
