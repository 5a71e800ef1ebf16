/** The server's runtime settings, read and validated once at start-up. */
export interface ServerEnv {
  host: string;
  port: number;
  /** The built site: the output of `npm run build`. */
  clientDir: string;
  /** The CSP and other decisions of the build. */
  securityManifest: string;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** PEM certificate and key files: serve HTTPS directly instead of behind a TLS proxy. */
  tls?: { certFile: string; keyFile: string };
}

const LOG_LEVELS = new Set<ServerEnv["logLevel"]>(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

function isLogLevel(value: string): value is ServerEnv["logLevel"] {
  return LOG_LEVELS.has(value as ServerEnv["logLevel"]);
}

export function readServerEnv(source: Readonly<Record<string, string | undefined>>): ServerEnv {
  const rawPort = source.PORT?.trim() || "3000";
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port > 65535) throw new Error(`PORT must be 0-65535, got "${source.PORT}"`);
  const logLevel = source.LOG_LEVEL ?? "info";
  if (!isLogLevel(logLevel)) throw new Error(`LOG_LEVEL must be one of ${[...LOG_LEVELS].join(", ")}`);
  const certFile = source.TLS_CERT_FILE;
  const keyFile = source.TLS_KEY_FILE;
  if (Boolean(certFile) !== Boolean(keyFile)) throw new Error("TLS_CERT_FILE and TLS_KEY_FILE go together");
  return {
    ...(certFile && keyFile ? { tls: { certFile, keyFile } } : {}),
    host: source.HOST || "127.0.0.1",
    port,
    clientDir: source.CLIENT_DIR || new URL("../build/client", import.meta.url).pathname,
    securityManifest: source.SECURITY_MANIFEST || new URL("../build/security.json", import.meta.url).pathname,
    logLevel,
  };
}
