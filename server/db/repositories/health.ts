/** Whether the store answers at all, for `GET /healthz` (requirement LEAD-14). */
import { sql as raw } from "kysely";
import { query, type Operation, type Sql } from "../query.ts";
import { readOperation } from "./operation.ts";

/** Answers when the database answers a trivial query; rejects otherwise. */
function* ping({ db }: Sql): Operation<void> {
  yield* query(db.selectNoFrom(raw<number>`1`.as("one")));
}

export const healthOperations = {
  ping: readOperation(ping),
};
