/**
 * Every prerendered page must pass two HTML checkers with zero errors: the Nu
 * Html Checker (vnu-jar, the W3C validator's engine; needs Java) and
 * html-validate. Exits 1 on any error.
 */
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { promisify } from "node:util";
import { HtmlValidate } from "html-validate";
import { builtPages } from "../build/lib/built-pages.ts";

const root = new URL("../..", import.meta.url).pathname;
const client = join(root, "build", "client");

/**
 * The Nu checker's CSS validator predates some valid modern CSS that Tailwind 4
 * emits in the inlined stylesheet: @property (CSS Properties and Values API),
 * margin-trim (CSS Box Model 4), custom properties in transition-property, and
 * @view-transition (CSS View Transitions 2, cross-document transitions).
 * Only these messages are set aside; every HTML message counts.
 */
const NU_KNOWN_CSS_GAPS = [
  "CSS: Unrecognized at-rule “@property”.*",
  "CSS: Unrecognized at-rule “@view-transition”.*",
  "CSS: “margin-trim”: Property “margin-trim” doesn't exist.*",
  "CSS: “transition-property”: “--tw-[a-z-]+” is not a “transition-property” value.*",
].join("|");

/**
 * html-validate's recommended rules, adapted to how React serializes markup:
 * void elements self-close (<meta/>), boolean attributes are written as
 * required="", `hidden` is written both ways (hidden="" on our elements, bare
 * on React's own streaming containers), and some attribute names keep React's camelCase (charSet),
 * which HTML treats case-insensitively. React's streaming markers use ids such
 * as "B:0", which HTML allows.
 */
const htmlValidate = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    "void-style": ["error", { style: "selfclose" }],
    "attribute-boolean-style": ["error", { style: "empty" }],
    "attribute-empty-style": "off",
    "attr-case": "off",
    "valid-id": ["error", { relaxed: true }],
  },
});

interface NuMessage {
  type: string;
  url: string;
  message: string;
  lastLine?: number;
}

async function runNu(files: string[]): Promise<string[]> {
  const jar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
  const args = ["-jar", jar, "--errors-only", "--format", "json", "--filterpattern", NU_KNOWN_CSS_GAPS, ...files];
  // vnu exits 1 when it reports errors; its JSON on stderr is the answer either way.
  const result = await promisify(execFile)("java", args, { maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: unknown) => {
      const stderr = (error as { stderr?: unknown }).stderr;
      if (typeof stderr === "string" && stderr.trim().startsWith("{")) return { stderr };
      throw new Error(`could not run the Nu Html Checker (is Java installed?): ${String(stderr ?? error)}`);
    },
  );
  const { messages } = JSON.parse(result.stderr || '{"messages":[]}') as { messages: NuMessage[] };
  return messages
    .filter((message) => message.type === "error" || message.type === "non-document-error")
    .map((message) => `${message.url.replace(`file:${client}`, "")}:${message.lastLine ?? "?"}: ${message.message}`);
}

async function runHtmlValidate(files: string[]): Promise<string[]> {
  const errors: string[] = [];
  for (const file of files) {
    const report = await htmlValidate.validateFile(file);
    for (const result of report.results) {
      for (const message of result.messages) {
        errors.push(`${file.slice(client.length)}:${message.line}: ${message.ruleId}: ${message.message}`);
      }
    }
  }
  return errors;
}

const files = (await builtPages(client)).map((page) => page.file);
const [nu, validate] = await Promise.all([runNu(files), runHtmlValidate(files)]);
console.log(`check:html: ${files.length} pages; Nu Html Checker ${nu.length} errors; html-validate ${validate.length} errors`);
for (const line of [...nu.map((l) => `nu ${l}`), ...validate.map((l) => `html-validate ${l}`)]) console.error(`  ${line}`);
if (nu.length || validate.length) process.exit(1);
