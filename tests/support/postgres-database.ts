import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll } from "vitest";

/**
 * A database of this test file's own on the PostgreSQL server of
 * TEST_DATABASE_URL, dropped when the file ends, or undefined when no server
 * is set. Service test files run several at a time (`check:service`); each
 * drops and creates the lead tables, so on one shared database they would
 * pull tables from under each other.
 */
export async function ownPostgresDatabase(): Promise<string | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return undefined;
  const database = await throwawayDatabase(serverUrl);
  afterAll(database.drop);
  return database.url;
}

/** A new, empty database on the server of `serverUrl`, and how to drop it (a benchmark's, or a test file's). */
export async function throwawayDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `veilvault_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client(serverUrl);
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const drop = async () => {
    const dropper = new pg.Client(serverUrl);
    await dropper.connect();
    try {
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await dropper.end();
    }
  };
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop };
}

/** Every table the lead store's migrations create, for a test that starts from an empty database. */
export const LEAD_STORE_TABLES =
  "leads, subscribers, subscriber_events, outbox, trust_requests, trust_links, trust_downloads, traffic_salts, traffic_visitors, traffic_daily, traffic_conversions, console_links, console_sessions, console_audit, mail_pace, cap_hits, schema_migrations";
