/**
 * The landing pages' files, and their entries as the route table reads them in Node: the build,
 * the prerender, React Router's loading of routes.ts and
 * react-router.config.ts (which runs no plugin of ours), the build scripts and
 * the tests. package.json's "#landing-files" picks this module everywhere but
 * in a browser bundle, which gets landing-files.browser.ts.
 *
 * Only each file's navigation is held to its schema here; the build checks
 * the whole file before it bundles anything (checkContentFolder).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { ContentFileError, parseContentFile } from "../content/content-files.ts";
import { landingNavigationSchema, type LandingFile } from "../content/schemas/landing-navigation.ts";
import { landingPagesOf, type LandingPage } from "./landing-pages.ts";

/** content/use-cases, read from where the build and the tests run, as every content file is (content-files.server.ts). */
const FOLDER = join(process.cwd(), "content", "use-cases");

const navigationOnly = z.looseObject({ navigation: landingNavigationSchema });

/** A name an address can hold: lower-case letters and digits, in words joined by single dashes. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The YAML files of `folder`, each with its navigation (the route table puts them in order); none when the folder is missing. */
export function readLandingFiles(folder: string = FOLDER): LandingFile[] {
  let names: string[];
  try {
    names = readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".yaml"))
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    // Git keeps no empty folder: removing the last file removes the folder too.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files: LandingFile[] = [];
  const problems: string[] = [];
  for (const name of names) {
    try {
      // A file's name is its page's address (UC-13), so a name no address can hold is refused, not mangled.
      if (!SLUG.test(name.slice(0, -".yaml".length))) {
        throw new ContentFileError(`content/use-cases/${name}: (the file's name): is no address: the page is at /use-cases/<the name>, so name the file in lower-case letters and digits, in words joined by single dashes (data-residency.yaml)`);
      }
      files.push({ name, navigation: parseContentFile(`use-cases/${name}`, readFileSync(join(folder, name), "utf8"), navigationOnly).navigation });
    } catch (error) {
      if (!(error instanceof ContentFileError)) throw error;
      problems.push(error.message);
    }
  }
  // Every problem at once, as the build's check of the content folder reports them.
  if (problems.length > 0) throw new ContentFileError(problems.join("\n"));
  return files;
}

export const landingFiles: readonly LandingFile[] = readLandingFiles();

export const landingPages: readonly LandingPage[] = landingPagesOf(landingFiles);
