/**
 * Statements on the busiest paths are built once per dialect and shape and
 * then only bound: each call must bind its own values in the right places,
 * a new shape must make a new statement, and a build function that keeps a
 * value out of the query must be refused, not cached with a stale value.
 */
import { sql as raw } from "kysely";
import { describe, expect, it } from "vitest";
import { runSync, SQL, type Sql } from "../../server/db/query.ts";
import { statement, type Statement, type StatementValues } from "../../server/db/statement.ts";

/** Runs a statement as a store would, answering nothing, and returns what it sent. */
function sent<Values extends StatementValues>(run: Statement<Values>, sql: Sql, values: Values) {
  let compiled: { sql: string; parameters: readonly unknown[] } | undefined;
  runSync(run(sql, values), (query) => {
    compiled = { sql: query.sql, parameters: query.parameters };
    return { rows: [], changes: 0 };
  });
  if (!compiled) throw new Error("nothing was sent");
  return compiled;
}

describe("statements built once per shape", () => {
  let builds = 0;
  const byKey = statement(({ db }, { key, since }: { key: string | null; since: Date }) => {
    builds += 1;
    return db.selectFrom("leads").select("id").where("idempotency_key", "=", key).where("created_at", ">=", since);
  });

  it("binds each call's own values, building once per dialect", () => {
    const first = new Date("2026-12-01T10:00:00Z");
    const second = new Date("2026-12-02T10:00:00Z");
    expect(sent(byKey, SQL.sqlite, { key: "a", since: first })).toEqual({
      sql: 'select "id" from "leads" where "idempotency_key" = ? and "created_at" >= ?',
      parameters: ["a", first],
    });
    expect(sent(byKey, SQL.sqlite, { key: null, since: second }).parameters).toEqual([null, second]);
    expect(builds).toBe(1);
    expect(sent(byKey, SQL.postgres, { key: "b", since: first })).toEqual({
      sql: 'select "id" from "leads" where "idempotency_key" = $1 and "created_at" >= $2',
      parameters: ["b", first],
    });
    expect(builds).toBe(2);
  });

  it("makes a statement for each length of a list or of rows, and binds every row's columns in order", () => {
    const insert = statement(({ db }, { rows }: { rows: readonly { day: string; kind: string; count: number }[] }) => db.insertInto("cap_hits").values(rows));
    expect(sent(insert, SQL.sqlite, { rows: [{ day: "d1", kind: "lead", count: 1 }] })).toEqual({
      sql: 'insert into "cap_hits" ("day", "kind", "count") values (?, ?, ?)',
      parameters: ["d1", "lead", 1],
    });
    expect(sent(insert, SQL.sqlite, { rows: [{ day: "d1", kind: "lead", count: 1 }, { day: "d2", kind: "sign-up", count: 5 }] })).toEqual({
      sql: 'insert into "cap_hits" ("day", "kind", "count") values (?, ?, ?), (?, ?, ?)',
      parameters: ["d1", "lead", 1, "d2", "sign-up", 5],
    });
    const among = statement(({ db }, { channels }: { channels: readonly string[] }) => db.selectFrom("outbox").select("id").where("channel", "in", channels));
    expect(sent(among, SQL.postgres, { channels: ["email"] }).sql).toContain('in ($1)');
    const two = sent(among, SQL.postgres, { channels: ["email", "webhook"] });
    expect(two.sql).toContain("in ($1, $2)");
    expect(two.parameters).toEqual(["email", "webhook"]);
  });

  it("keeps the constants its build function writes", () => {
    const handled = statement(({ db }, { id }: { id: string }) => db.updateTable("leads").set({ handled_by: "console" }).where("id", "=", id).where("spam", "=", false));
    expect(sent(handled, SQL.sqlite, { id: "x" }).parameters).toEqual(["console", "x", false]);
    expect(sent(handled, SQL.sqlite, { id: "y" }).parameters).toEqual(["console", "y", false]);
  });

  it("refuses a build function that keeps a value out of the query, and a value left undefined", () => {
    const sloppy = statement(({ db }, { id, note }: { id: string; note: string }) => db.selectFrom("leads").select(raw<string>`'fixed'`.as("note")).where("id", "=", id).$if(note !== "", (query) => query));
    expect(() => sent(sloppy, SQL.sqlite, { id: "x", note: "a" })).toThrow("statement built without binding note");
    expect(() => sent(byKey, SQL.sqlite, { key: "a", since: undefined as unknown as Date })).toThrow('statement value "since" is undefined');
  });
});
