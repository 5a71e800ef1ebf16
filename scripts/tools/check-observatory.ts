/**
 * Runs the MDN HTTP Observatory scanner against the production build served
 * over HTTPS on this machine, and prints its grade, score and every test.
 *
 *   npm run check:observatory
 *
 * What it sets up, all on 127.0.0.1: a self-signed certificate (openssl), the
 * server with TLS on port 443, and a plain-HTTP listener on port 80 that
 * redirects to HTTPS the way a deployment's load balancer would. The scanner
 * is installed on first use into node_modules/.cache/observatory, without its
 * install scripts (one of its dependencies downloads a CA bundle at install
 * time, which a closed network refuses; a local scan does not need it).
 * Exits 1 unless the grade is A+ and every test passes.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serveBuild } from "./lib/serve-build.ts";

const SCANNER_VERSION = "1.4.8";
const HOST = "127.0.0.1";
// The scanner's scan() drops its port options (1.4.8 passes none to its
// retriever), so it always knocks on 80 and 443: binding those needs root.
const HTTPS_PORT = 443;
const HTTP_PORT = 80;

const root = new URL("../..", import.meta.url).pathname;
const tools = join(root, "node_modules", ".cache", "observatory");
const scannerEntry = join(tools, "node_modules", "@mdn", "mdn-http-observatory", "src", "scanner", "index.js");

if (process.getuid?.() !== 0) {
  console.error("check:observatory binds ports 80 and 443 on 127.0.0.1, which needs root.");
  process.exit(1);
}

if (!existsSync(scannerEntry)) {
  console.log(`Installing @mdn/mdn-http-observatory@${SCANNER_VERSION} into ${tools}`);
  execFileSync("npm", ["install", "--prefix", tools, "--ignore-scripts", "--no-audit", "--no-fund", `@mdn/mdn-http-observatory@${SCANNER_VERSION}`], {
    stdio: "inherit",
  });
}

// Its postinstall would download the HSTS preload list and the TLD list; a
// local address is on neither, so empty lists answer the same.
const scannerConf = join(scannerEntry, "..", "..", "..", "conf");
for (const [file, empty] of [
  ["hsts-preload.json", "{}"],
  ["tld-list.json", "[]"],
] as const) {
  if (!existsSync(join(scannerConf, file))) await writeFile(join(scannerConf, file), empty);
}

const certDir = await mkdtemp(join(tmpdir(), "observatory-"));
const cert = join(certDir, "cert.pem");
const key = join(certDir, "key.pem");
execFileSync("openssl", [
  "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", `/CN=${HOST}`,
  "-addext", `subjectAltName=IP:${HOST}`, "-keyout", key, "-out", cert,
], { stdio: "ignore" });

process.env.TLS_CERT_FILE = cert;
process.env.TLS_KEY_FILE = key;
const server = await serveBuild(HTTPS_PORT, { https: true });
const redirector = createServer((request, response) => {
  response.writeHead(301, { Location: `https://${HOST}${request.url ?? "/"}` }).end();
}).listen(HTTP_PORT, HOST);

try {
  const code = `const { scan } = await import(${JSON.stringify(scannerEntry)});
    const result = await scan(${JSON.stringify(HOST)});
    console.log(JSON.stringify(result));`;
  // The self-signed certificate is trusted for this one process, nowhere else.
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", code], {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: cert },
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`the scanner failed: ${run.stderr}`);
  const result = JSON.parse(run.stdout) as {
    scan: { grade: string; score: number; testsPassed: number; testsQuantity: number };
    tests: Record<string, { pass: boolean; result: string; scoreModifier: number }>;
  };
  console.log(`\nMDN HTTP Observatory ${SCANNER_VERSION}: grade ${result.scan.grade}, score ${result.scan.score}, ` +
    `${result.scan.testsPassed}/${result.scan.testsQuantity} tests passed\n`);
  for (const [name, test] of Object.entries(result.tests)) {
    console.log(`${test.pass ? "pass" : "FAIL"}  ${name.padEnd(34)} ${String(test.scoreModifier).padStart(4)}  ${test.result}`);
  }
  const failed = Object.values(result.tests).some((test) => !test.pass);
  if (result.scan.grade !== "A+" || failed) process.exitCode = 1;
} finally {
  redirector.close();
  server.stop();
  await rm(certDir, { recursive: true, force: true });
}
