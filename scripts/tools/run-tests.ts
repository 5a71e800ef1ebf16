/**
 * `npm test` and `npm run test:fast`: the suite in stages. Steps in a stage
 * need nothing from each other and run at once; a stage starts when the one
 * before it has passed. Each step's output is kept in reports/test-run/ and
 * printed whole when the step ends, so parallel steps never interleave their
 * lines; the last lines are a table of each step's time.
 *
 *   node scripts/tools/run-tests.ts          the whole suite (npm test)
 *   node scripts/tools/run-tests.ts --fast   types, lint and pure unit tests (npm run test:fast)
 */
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";

interface Step {
  /** Its name in the table: the npm script that runs it alone. */
  name: string;
  /** What it proves. */
  what: string;
  /** What runs: an npm script, or a tool from node_modules/.bin. */
  command: string[];
}

const npmScript = (name: string, what: string): Step => ({ name, what, command: ["npm", "run", "--silent", name] });

// The route types must exist before the compiler and the type-aware linter read
// them, and writing them while both run would race: they come first, alone.
const TYPEGEN: Step = { name: "typegen", what: "route types for tsc and ESLint", command: ["react-router", "typegen"] };
// `npm run check:types` is typegen then tsc; here typegen has already run.
const TYPES: Step = { name: "check:types", what: "TypeScript, strict", command: ["tsc"] };
const LINT = npmScript("check:lint", "ESLint, and the programs' one-way arrows");
const UNIT = npmScript("check:unit", "pure unit tests");
const BUILD = npmScript("build", "production build");
const BUDGET = npmScript("check:budget", "byte budget");
const HTML = npmScript("check:html", "Nu Html Checker, html-validate");
const FIXTURE = npmScript("build:fixture", "a build of the fixture collections, for the service tests");
const SERVICE = npmScript("check:service", "the server, databases, faults, hostile clients");
const BROWSER = npmScript("check:browser", "Playwright in Chromium");
const BROWSERS = npmScript("check:browsers", "Firefox ESR and WebKitGTK");

const FAST: Step[][] = [[TYPEGEN], [TYPES, LINT, UNIT]];
// The build rewrites the route types as it starts, so the compiler and the
// type-aware linter run after it, never beside it (a fresh-clone run read them
// half-written). The service tests time sockets and deadlines, so they have
// the machine to themselves: beside the linter or four browsers they ran out
// of time (fresh-clone runs of this session).
// The fixture build is a whole second build: it is made before the service
// tests, which read it, so that it never competes with their timed sockets.
const FULL: Step[][] = [[TYPEGEN], [BUILD, UNIT], [TYPES, LINT, BUDGET, HTML, FIXTURE], [SERVICE], [BROWSER, BROWSERS]];

const root = new URL("../..", import.meta.url).pathname;
const logDir = join(root, "reports", "test-run");

interface Result {
  step: Step;
  seconds: number;
  passed: boolean;
}

function runStep(step: Step): Promise<Result> {
  const started = performance.now();
  const logFile = join(logDir, `${step.name.replace(":", "-")}.log`);
  const log = createWriteStream(logFile);
  return new Promise((resolve) => {
    const [program = "npm", ...args] = step.command;
    const child = spawn(program, args, {
      cwd: root,
      // Colours off: the log is read as a file, and CI keeps it as text.
      env: { ...process.env, NO_COLOR: "1", PATH: `${join(root, "node_modules", ".bin")}:${process.env.PATH ?? ""}` },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on("close", (code) => {
      const seconds = (performance.now() - started) / 1000;
      const passed = code === 0;
      log.end(() => {
        void readFile(logFile, "utf8").then((output) => {
          process.stdout.write(`\n===== ${step.name} (${step.what}): ${passed ? "passed" : "FAILED"} in ${seconds.toFixed(0)} s =====\n${output}`);
          resolve({ step, seconds, passed });
        });
      });
    });
  });
}

const stages = process.argv.includes("--fast") ? FAST : FULL;
await mkdir(logDir, { recursive: true });
const started = performance.now();
const results: Result[] = [];
let failed = false;
for (const [index, stage] of stages.entries()) {
  const stageStarted = performance.now();
  console.log(`stage ${index + 1} of ${stages.length}: ${stage.map((step) => step.name).join(", ")}`);
  const stageResults = await Promise.all(stage.map(runStep));
  results.push(...stageResults);
  console.log(`stage ${index + 1} took ${((performance.now() - stageStarted) / 1000).toFixed(0)} s`);
  if (stageResults.some((result) => !result.passed)) {
    failed = true;
    break;
  }
}

console.log("\nstep             seconds  result");
for (const { step, seconds, passed } of results) {
  console.log(`${step.name.padEnd(16)} ${seconds.toFixed(0).padStart(7)}  ${passed ? "passed" : "FAILED"}`);
}
const skipped = stages.flat().filter((step) => !results.some((result) => result.step === step));
for (const step of skipped) console.log(`${step.name.padEnd(16)} ${"-".padStart(7)}  not run (an earlier stage failed)`);
console.log(`total wall time: ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(failed ? 1 : 0);
