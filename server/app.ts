import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance } from "fastify";
import { redirects } from "../app/site/pages.ts";
import { indexSiteFiles } from "./site-files.ts";

export interface AppOptions {
  clientDir: string;
  logLevel?: string;
}

const HTML_CACHE = "public, max-age=0, must-revalidate";
/** Vite names every file under /assets/ by its content hash: it never changes. */
const HASHED_ASSET_CACHE = "public, max-age=31536000, immutable";
const OTHER_FILE_CACHE = "public, max-age=3600";

const redirectMap: ReadonlyMap<string, string> = new Map(redirects.map((r) => [r.from, r.to]));

function cacheControlFor(urlPath: string): string {
  if (urlPath.endsWith(".html")) return HTML_CACHE;
  if (urlPath.startsWith("/assets/")) return HASHED_ASSET_CACHE;
  return OTHER_FILE_CACHE;
}

function splitUrl(url: string): { pathname: string; search: string } {
  const index = url.indexOf("?");
  return index === -1 ? { pathname: url, search: "" } : { pathname: url.slice(0, index), search: url.slice(index) };
}

/**
 * The production server: the prerendered site with one URL per page (no
 * trailing slash), permanent redirects for old spellings, 404 with the
 * not-found page, and precompressed files with long-lived caching for hashed
 * assets.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const site = await indexSiteFiles(options.clientDir);
  const app = Fastify({
    logger: { level: options.logLevel ?? "info" },
    // Trailing slashes are redirected by us, not matched loosely.
    routerOptions: { ignoreTrailingSlash: false },
  });

  await app.register(fastifyStatic, {
    root: site.root,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    dotfiles: "deny",
    index: false,
    setHeaders: (reply, filePath) => {
      const urlPath = `/${filePath.slice(site.root.length).replace(/^\/+/, "")}`.replace(/\.(br|gz)$/, "");
      reply.header("Cache-Control", cacheControlFor(urlPath));
    },
  });

  app.get("/*", async (request, reply) => {
    const { pathname, search } = splitUrl(request.url);

    if (pathname.length > 1 && pathname.endsWith("/")) {
      // Only to a page we have: redirecting any path would make "//host/" an
      // open redirect (a protocol-relative Location).
      const bare = pathname.replace(/\/+$/, "");
      if (site.pages.has(bare) || redirectMap.has(bare)) return reply.redirect(`${bare}${search}`, 301);
    }
    const redirectTo = redirectMap.get(pathname);
    if (redirectTo) return reply.redirect(`${redirectTo}${search}`, 301);

    const page = site.pages.get(pathname);
    if (page) return reply.sendFile(page);
    const file = site.files.get(pathname);
    if (file) return reply.sendFile(file);
    return reply.code(404).sendFile(site.notFound);
  });

  return app;
}
