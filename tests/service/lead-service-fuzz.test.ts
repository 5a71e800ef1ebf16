import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAD_FIELDS } from "../../common/lead-fields.ts";
import { startLeadServer, type LeadServer } from "../support/lead-server.ts";

/** How many generated requests each property sends; the closing note reports the total. */
const RUNS = 1500;

let server: LeadServer;

beforeAll(async () => {
  server = await startLeadServer({ ratePerMinute: 1_000_000 });
});

afterAll(async () => {
  await server.close();
});

/** JSON-ish values of every shape, including ones no form would send. */
const anyValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 8 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
);

/** Bodies near a real lead: known and unknown keys, wrong types, missing fields. */
const leadLikeBody = fc.dictionary(fc.oneof(fc.constantFrom(...LEAD_FIELDS, "__proto__", "constructor", "country"), fc.string({ maxLength: 12 })), anyValue, {
  maxKeys: 10,
});

/** Raw request bodies: broken JSON, deep nesting, huge strings, binary noise. */
const rawBody = fc.oneof(
  leadLikeBody.map((body) => JSON.stringify(body)),
  fc.string({ maxLength: 200 }),
  fc.string({ maxLength: 40 }).map((text) => `{"firstName": ${text}`),
  fc.integer({ min: 1, max: 2000 }).map((depth) => "[".repeat(depth) + "]".repeat(depth)),
  fc.integer({ min: 20_000, max: 80_000 }).map((size) => JSON.stringify({ description: "x".repeat(size) })),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString("latin1")),
);

const contentType = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/jsonx",
  "",
);

const extraHeaders = fc.record(
  {
    "idempotency-key": fc.oneof(fc.string({ maxLength: 200 }), fc.uuid()),
    "x-form-fill-ms": fc.oneof(fc.string({ maxLength: 10 }), fc.integer().map(String)),
    "x-form-trap": fc.string({ maxLength: 50 }),
    origin: fc.constantFrom("https://veilvault.example", "https://attacker.example", "null", "not a url"),
  },
  { requiredKeys: [] },
);

/** Heap still in use after a full collection (vitest.config.ts passes --expose-gc). */
function liveHeap(): number {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error("run with --expose-gc");
  collect();
  collect();
  return process.memoryUsage().heapUsed;
}

async function send(path: string, body: string, type: string, headers: Record<string, string>): Promise<Response> {
  const clean = Object.fromEntries(Object.entries(headers).filter(([, value]) => /^[\t\x20-\x7e]*$/.test(value)));
  return fetch(`${server.origin}${path}`, {
    method: "POST",
    headers: { ...(type ? { "content-type": type } : {}), ...clean },
    body,
  });
}

describe("the lead service under generated bad input (fast-check)", () => {
  it.each(["/id/website/leads", "/id/website/newsletter"])(
    `%s answers every malformed request with a 4xx and a JSON error, never a 5xx (${RUNS} cases)`,
    async (path) => {
      const property = fc.asyncProperty(rawBody, contentType, extraHeaders, async (body, type, headers) => {
        const response = await send(path, body, type, headers);
        const text = await response.text();
        if (response.status === 201) return true; // a generated body that happens to be a valid lead
        expect(response.status, text).toBeGreaterThanOrEqual(400);
        expect(response.status, text).toBeLessThan(500);
        expect(typeof (JSON.parse(text) as { error?: unknown }).error).toBe("string");
        return true;
      });
      // The first half warms up (JIT, buffers); the live heap must then stay flat through the second.
      await fc.assert(property, { numRuns: RUNS / 2, seed: 1 });
      const heapAfterWarmUp = liveHeap();
      await fc.assert(property, { numRuns: RUNS / 2 });
      const growth = liveHeap() - heapAfterWarmUp;
      console.log(`${path}: live heap ${Math.round(growth / 1024)} KiB after ${RUNS / 2} more requests`);
      expect(growth).toBeLessThan(8 * 1024 * 1024);
    },
    120_000,
  );
});
