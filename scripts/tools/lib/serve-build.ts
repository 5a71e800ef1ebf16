import { spawn, type ChildProcess } from "node:child_process";
import { connect } from "node:net";

/** Whether something accepts connections on the port (HTTP or HTTPS alike). */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

const root = new URL("../../..", import.meta.url).pathname;

export interface RunningServer {
  origin: string;
  stop: () => void;
}

/**
 * Starts the production server (server/main.ts) on 127.0.0.1 and waits until
 * it answers. With `https`, TLS_CERT_FILE and TLS_KEY_FILE must be set.
 */
export async function serveBuild(port: number, options: { https?: boolean } = {}): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const origin = `${options.https ? "https" : "http"}://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (await answers(port)) return { origin, stop: () => child.kill() };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`the server did not answer on ${origin}`);
}
