import { useEffect, type ReactNode } from "react";
import { Links, Meta, Outlet } from "react-router";
import type { Route } from "./+types/root";
import stylesheetUrl from "./app.css?url";
import { SiteFooter } from "./components/footer/site-footer.tsx";
import { Container } from "./components/ui/container.tsx";
import ConsentBannerIsland from "./islands/consent-banner.island.tsx";
import NewsletterFormIsland from "./islands/newsletter-form.island.tsx";
import SiteHeaderIsland from "./islands/site-header.island.tsx";
import { EDITOR_PREVIEW_SCRIPT, EDITOR_PREVIEW_STYLE } from "./lib/editor-preview.ts";
import { SPECULATION_RULES } from "./lib/speculation-rules.ts";
import { site } from "./site/config.ts";
import { words } from "./content/interface-words.ts";

/**
 * The whole stylesheet (about 5 KiB compressed) is inlined into every
 * prerendered page, so nothing blocks the first paint. The document is drawn
 * only by the prerender (the browser hydrates islands, never the document),
 * so the browser's code carries neither it nor the head script. The dev
 * server, which has no prerender, links the stylesheet instead.
 */
const inlineStylesheet: string = import.meta.env.SSR && !import.meta.env.DEV ? (await import("./app.css?inline")).default : "";

/** The head script that runs before the first paint (app/lib/boot-script.ts). */
const headScript: string = import.meta.env.SSR ? (await import("./lib/boot-script.ts")).headBootScript : "";

export const links: Route.LinksFunction = () => [
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheetUrl }] : []),
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  // PERF-7: the manifest is linked by the page's script once its islands are
  // live (app/islands/page-behaviours.ts), never in the prerendered HTML.
];

/** The document shell shared by every page and by the error screen. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang={site.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={site.themeColor} />
        <script id="head-script" dangerouslySetInnerHTML={{ __html: headScript }} />
        {import.meta.env.DEV && (
          <>
            <script dangerouslySetInnerHTML={{ __html: EDITOR_PREVIEW_SCRIPT }} />
            <style dangerouslySetInnerHTML={{ __html: EDITOR_PREVIEW_STYLE }} />
          </>
        )}
        {!import.meta.env.DEV && <style id="site-css" dangerouslySetInnerHTML={{ __html: inlineStylesheet }} />}
        {/* Chromium loads the next page while the visitor points at its link (PERF-4). */}
        <script type="speculationrules" dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {/* The production build adds each page's island script here (scripts/build/lib/islands.ts); the dev server serves them from source. */}
        {import.meta.env.DEV && (
          <>
            <script type="module" src="/@vite/client" />
            {/* React Refresh, which React Router's plugin adds to every component module in development. */}
            <script type="module" src="/@id/__x00__virtual:react-router/inject-hmr-runtime" />
            <script type="module" src="/app/islands/dev-entry.ts" />
          </>
        )}
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
  return (
    <>
      <SkipLink />
      <ConsentBannerIsland />
      <SiteHeaderIsland />
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <SiteFooter newsletter={<NewsletterFormIsland />} />
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
