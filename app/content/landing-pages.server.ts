/**
 * The use-case landing pages, one content file each (UC-9, UC-13, EDIT-1):
 * content/use-cases/<slug>.yaml, held to the landing page schema (EDIT-2)
 * when the build reads them; the route table lists the files it found. Only
 * loaders, the build and tests import this.
 */
import { familyPages, familySlug, type LandingSlug } from "../site/pages.ts";
import { readContentFile } from "./content-files.server.ts";
import { landingPageSchema, type LandingPage } from "./schemas/landing-page.ts";

export const landingPages: Readonly<Record<LandingSlug, LandingPage>> = Object.fromEntries(
  familyPages("landing").flatMap((path) => {
    const slug = familySlug("landing", path);
    return slug ? [[slug, readContentFile(`use-cases/${slug}.yaml`, landingPageSchema)]] : [];
  }),
);
