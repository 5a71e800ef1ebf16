/**
 * The six use-case landing pages, one content file each (UC-9, EDIT-1):
 * content/use-cases/<slug>.yaml, held to the landing page schema (EDIT-2)
 * when the build reads them. Only loaders, the build and tests import this.
 */
import { familySlug, pages, type LandingSlug } from "../site/pages.ts";
import { readContentFile } from "./content-files.server.ts";
import { landingPageSchema, type LandingPage } from "./schemas/landing-page.ts";

export const landingPages = Object.fromEntries(
  pages.flatMap((page) => {
    const slug = familySlug("landing", page.path);
    return slug ? [[slug, readContentFile(`use-cases/${slug}.yaml`, landingPageSchema)]] : [];
  }),
) as Record<LandingSlug, LandingPage>;
