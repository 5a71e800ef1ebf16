import { useEffect, type ReactNode } from "react";
import { Links, Meta, Outlet, Scripts } from "react-router";
import type { Route } from "./+types/root";
import stylesheetUrl from "./app.css?url";
import { DeferredConsentBanner, DeferredFooter, DeferredHeader } from "./components/chrome/site-chrome.tsx";
import { ScrollManager } from "./components/scroll-manager.tsx";
import { Container } from "./components/ui/container.tsx";
import { markHydrated } from "./lib/hydration-marker.ts";
import { useWebFontForNextPages } from "./lib/use-web-font.ts";
import { site } from "./site/config.ts";
import { words } from "./content/interface-words.ts";

/** What the browser keeps of an inline element the prerender wrote (none on the dev server's server side). */
function textOnPage(id: string): string {
  return typeof document === "undefined" ? "" : (document.getElementById(id)?.textContent ?? "");
}

/**
 * The whole stylesheet (about 5 KiB compressed) is inlined into every
 * prerendered page, so nothing blocks the first paint. Only the prerender
 * reads it: the browser bundle carries no copy, and React leaves the server's
 * <style> content alone when hydrating. Should React ever draw the document
 * afresh (after a failed hydration), it takes the text the page already has,
 * which the CSP hash allows; an empty <style> would leave the page unstyled.
 * The dev server, which has no prerender, links the stylesheet instead.
 */
const STYLESHEET_ID = "site-css";
const inlineStylesheet: string =
  import.meta.env.SSR && !import.meta.env.DEV ? (await import("./app.css?inline")).default : textOnPage(STYLESHEET_ID);

/**
 * The head script that runs before the first paint (app/lib/boot-script.ts),
 * kept in the browser the same way: read from the page, never shipped twice.
 */
const HEAD_SCRIPT_ID = "head-script";
const headScript: string = import.meta.env.SSR
  ? (await import("./lib/boot-script.ts")).headBootScript
  : textOnPage(HEAD_SCRIPT_ID);

export const links: Route.LinksFunction = () => [
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheetUrl }] : []),
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  // PERF-7: linked by the browser once the page has hydrated, never in the
  // prerendered HTML. Chrome fetches a linked manifest while the page loads, and
  // that request, which draws nothing, raced the first paint on a slow link.
  // Nothing on screen needs it: it only names and decorates a home-screen
  // shortcut, which is added long after a page has loaded.
  ...(import.meta.env.SSR ? [] : [{ rel: "manifest", href: "/site.webmanifest" }]),
];

/** The document shell shared by every page and by the error screen. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    // The head script adds the js class and data-consent before React hydrates.
    <html lang={site.language} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={site.themeColor} />
        <script id={HEAD_SCRIPT_ID} dangerouslySetInnerHTML={{ __html: headScript }} />
        {!import.meta.env.DEV && <style id={STYLESHEET_ID} dangerouslySetInnerHTML={{ __html: inlineStylesheet }} />}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}

function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only rounded-lg bg-ink px-4 py-3 font-semibold text-on-ink focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60]"
    >
      {words("skipLink")}
    </a>
  );
}

export default function App() {
  useWebFontForNextPages();
  useEffect(() => markHydrated("page"), []);

  return (
    <>
      <SkipLink />
      <DeferredConsentBanner />
      <ScrollManager />
      <DeferredHeader />
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <DeferredFooter />
    </>
  );
}

/** A rendering error. The heading is the one requirement SITE-8 names for the error screen. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <main id="main" className="min-h-screen bg-surface-muted">
      <Container className="py-24">
        <a href="/" className="text-xl font-semibold tracking-tight">
          {site.name}
        </a>
        <h1 className="mt-12 text-display font-semibold tracking-tight">{words("errorPage.heading")}</h1>
        <p className="mt-6 max-w-2xl text-lg text-text-muted">
          {words("errorPage.textBeforeLink")}{" "}
          <a href="/" className="font-medium text-accent-strong underline underline-offset-2">
            {words("errorPage.homeLink")}
          </a>
          {words("errorPage.textBeforeEmail")}{" "}
          <a href={`mailto:${site.email.contact}`} className="font-medium text-accent-strong underline underline-offset-2">
            {site.email.contact}
          </a>
          .
        </p>
      </Container>
    </main>
  );
}
