import { request, type IncomingHttpHeaders } from "node:http";

export interface AnswerFrom {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** One HTTP request from a loopback address of its own (127.0.0.2 …), as a separate visitor's, or a flooder's, would come. */
export function requestFrom(
  origin: string,
  from: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<AnswerFrom> {
  return new Promise((resolve, reject) => {
    const body = options.body ?? "";
    const outgoing = request(
      {
        host: "127.0.0.1",
        port: new URL(origin).port,
        localAddress: from,
        path,
        method: options.method ?? "GET",
        headers: { ...options.headers, ...(body ? { "content-length": Buffer.byteLength(body) } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}
