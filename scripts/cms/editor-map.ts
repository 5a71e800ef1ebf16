/**
 * The editor's map of the site (EDIT-9): the collections an editor picks
 * from, in the order they are looked for, each named in plain words and
 * described by what it changes on the site, with its address. Which kind
 * sits in which group is the kind's own fact (content-kinds.ts); what the
 * group is called, and where it stands, is this list's.
 */
import type { EditorGroup } from "../../app/content/content-kinds.ts";

export interface EditorGroupWords {
  group: EditorGroup;
  label: string;
  /** What editing it changes, and where a visitor sees it. */
  description: string;
  /** One entry of a group editors add to, for its "New …" button. */
  singular?: string;
}

export const EDITOR_MAP: readonly EditorGroupWords[] = [
  { group: "posts", label: "Blog posts", singular: "Blog post", description: "Articles at /blog/<name>, listed newest first on /blog, on its tag pages and in the blog's feeds. Add a post here; a draft shows only while editing." },
  { group: "news", label: "News", singular: "News item", description: "Short announcements at /news/<name>, listed on /news and in its feeds. Add a news item here." },
  { group: "events", label: "Events", singular: "Event", description: "Events at /events/<name>, listed on /events with a calendar file each. Add an event here." },
  { group: "publishing-pages", label: "Blog, news and events pages", description: "The words around the entries: the lists at /blog, /news and /events, tag pages, and the pages a newsletter e-mail's link opens (/newsletter/…)." },
  { group: "home-and-product", label: "Home and product", description: "The home page (/), Core features (/features), Architecture (/architecture), the Playground (/playground) and the coming-soon page." },
  { group: "use-case-landing", label: "Use cases: landing pages", singular: "Landing page", description: "One page per use case at /use-cases/<name>. Add a landing page here; it shows in the Use Cases menu only when you switch on “Show in the Use Cases menu”." },
  { group: "use-cases", label: "Use cases: overview and shared headings", description: "The Use Cases overview (/use-case) and the headings every landing page shares." },
  { group: "compliance", label: "Compliance", description: "The Compliance overview (/compliance), one page per regulation (/compliance/gdpr and the others), SOC 2 (/compliance/soc-2) and the closing every regulation page shares." },
  { group: "company-and-trust", label: "Company and Trust", description: "About us (/company), Get in touch (/get-in-touch), the Trust Center (/trust), the documents it sends on request, its non-disclosure terms and the pages its e-mail links open." },
  { group: "legal", label: "Legal", description: "The privacy policy (/privacy-policy), terms of service (/terms-of-service), cookie policy (/cookie-policy) and vulnerability disclosure policy (/trust/vulnerability-disclosure)." },
  { group: "every-page", label: "Words on every page", description: "The header, footer, cookie banner and forms every page shares, the Playground's tool (/playground), and the page a wrong address shows (/404)." },
];
