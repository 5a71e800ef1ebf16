/**
 * An operation PostgreSQL runs without a transaction (`autocommit`) may write
 * with one statement: a second write would find the first already committed,
 * so the guard refuses it before it is sent, and a read may write nothing.
 */
import { describe, expect, it } from "vitest";
import { guardWrites } from "../../server/db/postgres/autocommit.ts";
import { SQL } from "../../server/db/query.ts";

const { db } = SQL.postgres;
const select = db.selectFrom("leads").select("id").compile();
const insert = db.insertInto("cap_hits").values({ day: "2026-12-01", kind: "lead", count: 1 }).compile();
const update = db.updateTable("outbox").set({ locked_until: null }).where("id", "=", "x").compile();

function guarded(writes: number) {
  const sent: string[] = [];
  const execute = guardWrites("anOperation", writes, (compiled) => {
    sent.push(compiled.sql);
    return Promise.resolve({ rows: [], changes: 0 });
  });
  return { execute, sent };
}

describe("PostgreSQL operations outside a transaction", () => {
  it("sends one write and the reads after it, and refuses a second write unsent", async () => {
    const { execute, sent } = guarded(1);
    await execute(insert);
    await execute(select);
    await expect(execute(update)).rejects.toThrow("anOperation runs without a transaction on PostgreSQL, so it may write with 1 statement only");
    expect(sent).toEqual([insert.sql, select.sql]);
  });

  it("lets a read operation read, and refuses any write from it unsent", async () => {
    const { execute, sent } = guarded(0);
    await execute(select);
    await expect(execute(insert)).rejects.toThrow("may write with 0 statements only");
    expect(sent).toEqual([select.sql]);
  });
});
