/**
 * Which clicks in build-time markup (StaticBlock, PERF-8) the router should
 * take over, as it would for the `<Link>` that drew the anchor. A `<Link>`
 * always renders a root-relative href (`/features`, `/page#part`); hand-written
 * in-page anchors (`#part`) and other origins keep the browser's own behaviour,
 * and so do files, downloads, new tabs and modified clicks.
 */

export interface ClickFacts {
  button: number;
  modified: boolean;
  defaultPrevented: boolean;
}

export interface AnchorFacts {
  /** The href attribute as written in the markup. */
  href: string | null;
  target: string | null;
  download: boolean;
}

/** The path (with query and fragment) to navigate to, or null to let the browser follow the link. */
export function routerPathFor(click: ClickFacts, anchor: AnchorFacts): string | null {
  if (click.button !== 0 || click.modified || click.defaultPrevented) return null;
  const { href } = anchor;
  if (!href?.startsWith("/") || href.startsWith("//")) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.download) return null;
  const path = href.split(/[?#]/, 1)[0] ?? "";
  const lastSegment = path.slice(path.lastIndexOf("/") + 1);
  // A file (/downloads/guide.pdf, /sitemap.xml) is not a page of the router.
  if (lastSegment.includes(".")) return null;
  return href;
}
