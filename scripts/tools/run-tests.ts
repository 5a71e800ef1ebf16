/**
 * `npm test` and `npm run test:fast`: the suite as a graph of steps. A step
 * starts as soon as the steps it needs have passed, so nothing waits on a
 * step it does not need (the HTML checker starts when the build is done, not
 * when the linter is). Each step's output is kept in reports/test-run/ and
 * printed whole when the step ends, so steps running at once never interleave
 * their lines; the last lines are a table of when each step started and how
 * long it took.
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
  /** The steps that must have passed first. */
  after?: Step[];
}

const npmScript = (name: string, what: string, after: Step[] = []): Step => ({ name, what, command: ["npm", "run", "--silent", name], after });

// The route types must exist before the compiler and the type-aware linter read
// them, and writing them while both run would race: they come first, alone.
const TYPEGEN: Step = { name: "typegen", what: "route types for tsc and ESLint", command: ["react-router", "typegen"] };
// `npm run check:types` is typegen then tsc; here typegen has already run.
const TYPES: Step = { name: "check:types", what: "TypeScript, strict", command: ["tsc"], after: [TYPEGEN] };
const LINT = npmScript("check:lint", "ESLint, and the programs' one-way arrows", [TYPEGEN]);
const UNIT = npmScript("check:unit", "pure unit tests");
const BUILD = npmScript("build", "production build");
const BUDGET = npmScript("check:budget", "byte budget", [BUILD]);
const HTML = npmScript("check:html", "Nu Html Checker, html-validate", [BUILD]);
// The service tests time sockets and deadlines: they start once the build's
// CPU-heavy minute is over rather than beside it.
const SERVICE = npmScript("check:service", "the server, databases, faults, hostile clients", [BUILD]);
// The browsers need the build, and start when the quick checks of it have passed.
const BROWSER = npmScript("check:browser", "Playwright in Chromium", [BUDGET, HTML]);
const BROWSERS = npmScript("check:browsers", "Firefox ESR and WebKitGTK", [BUDGET, HTML]);

const FAST: Step[] = [TYPEGEN, TYPES, LINT, UNIT];
const FULL: Step[] = [TYPEGEN, TYPES, LINT, UNIT, BUILD, BUDGET, HTML, SERVICE, BROWSER, BROWSERS];

const root = new URL("../..", import.meta.url).pathname;
const logDir = join(root, "reports", "test-run");

interface Result {
  step: Step;
  /** Seconds from the start of the run. */
  startedAt: number;
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
          resolve({ step, startedAt: (started - runStarted) / 1000, seconds, passed });
        });
      });
    });
  });
}

const steps = process.argv.includes("--fast") ? FAST : FULL;
await mkdir(logDir, { recursive: true });
const runStarted = performance.now();
const results = new Map<Step, Promise<Result>>();
/** A step's result once those it needs have passed; undefined when one of them failed, so it never ran. */
function outcome(step: Step): Promise<Result | undefined> {
  let result = results.get(step);
  if (!result) {
    result = Promise.all((step.after ?? []).map(outcome)).then((needed) =>
      needed.every((done) => done?.passed) ? runStep(step) : Promise.reject(new Error("not run")),
    );
    results.set(step, result);
  }
  return result.catch(() => undefined);
}
const finished = await Promise.all(steps.map(outcome));

console.log("\nstep             started  seconds  result");
steps.forEach((step, index) => {
  const result = finished[index];
  if (!result) console.log(`${step.name.padEnd(16)} ${"-".padStart(7)}  ${"-".padStart(7)}  not run (a step it needs failed)`);
  else console.log(`${step.name.padEnd(16)} ${result.startedAt.toFixed(0).padStart(7)}  ${result.seconds.toFixed(0).padStart(7)}  ${result.passed ? "passed" : "FAILED"}`);
});
console.log(`total wall time: ${((performance.now() - runStarted) / 1000).toFixed(0)} s`);
process.exit(finished.every((result) => result?.passed) ? 0 : 1);
