/**
 * The production build of a copy of the project whose collections are the
 * test fixtures (tests/fixtures/collections: a normal, a draft and a
 * future-dated entry of each kind, a Unicode title, a long post, an event
 * across time zones and a past one), for the tests that prove what a build
 * publishes and leaves out (PUB-3 to PUB-7). Beside the site's own landing
 * pages it holds two more (tests/fixtures/use-cases), one left out of the
 * menu and one shown in it, which an editor would add as files (UC-13). The
 * copy lives in reports/fixture-site/ (lib/project-copy.ts).
 *
 *   node scripts/tools/fixture-site.ts     builds it (npm test runs this before the service tests)
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { copyProjectInto } from "./lib/project-copy.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
export const FIXTURE_SITE = join(ROOT, "reports", "fixture-site");
const FIXTURES = join(ROOT, "tests", "fixtures", "collections");
export const COLLECTION_FOLDERS = ["posts", "news", "events"] as const;
/** Landing pages added to the site's own, as an editor adds one: a file in content/use-cases. */
const LANDING_FIXTURES = join(ROOT, "tests", "fixtures", "use-cases");

export interface FixtureSite {
  dir: string;
  client: string;
  securityManifest: string;
}

const site = (dir: string): FixtureSite => ({ dir, client: join(dir, "build", "client"), securityManifest: join(dir, "build", "security.json") });

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", timeout: 240_000, env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed in ${cwd}:\n${result.stdout}\n${result.stderr}`);
}

/** Copies the project, puts the fixture collections in place of its own, adds the fixture landing pages, and builds it for production. */
export function buildFixtureSite(): FixtureSite {
  rmSync(FIXTURE_SITE, { recursive: true, force: true });
  copyProjectInto(FIXTURE_SITE);
  for (const folder of COLLECTION_FOLDERS) {
    rmSync(join(FIXTURE_SITE, "content", folder), { recursive: true, force: true });
    cpSync(join(FIXTURES, folder), join(FIXTURE_SITE, "content", folder), { recursive: true });
  }
  cpSync(LANDING_FIXTURES, join(FIXTURE_SITE, "content", "use-cases"), { recursive: true });
  run(process.execPath, [join(ROOT, "node_modules/@react-router/dev/bin.cjs"), "build"], FIXTURE_SITE);
  run(process.execPath, ["scripts/build/postbuild.ts"], FIXTURE_SITE);
  return site(FIXTURE_SITE);
}

/** The fixture build, built now if no earlier run left one. */
export function fixtureSite(): FixtureSite {
  return existsSync(join(FIXTURE_SITE, "build", "security.json")) ? site(FIXTURE_SITE) : buildFixtureSite();
}

if (import.meta.url === `file://${process.argv[1] ?? ""}`) {
  const started = performance.now();
  buildFixtureSite();
  console.log(`fixture site built in ${FIXTURE_SITE} (${Math.round(performance.now() - started)} ms)`);
}
