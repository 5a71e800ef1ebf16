/**
 * Statements on the busiest paths (a lead, its jobs, the deliverer's claims)
 * built and compiled once per shape, not on every call: the query builder
 * spends tens of microseconds building and compiling a query, more than
 * SQLite takes to run it, and the SQLite worker is the one writer every lead
 * waits on. A statement's build function is written with the builder like any
 * query; it is called once per dialect and shape of its values (which keys,
 * how many rows), with a placeholder in place of each value, and each later
 * call binds the real values in their places.
 *
 * The rule that makes it sound: the build function passes its values to the
 * builder as values and never looks at them (no `??`, no `if`, no `.length`).
 * A choice belongs in the operation around it, or in the shape. Preparing a
 * statement refuses one whose placeholders do not all reach its parameters.
 */
import type { Compilable, CompiledQuery } from "kysely";
import { query, type QueryResult, type Sql } from "./query.ts";

/** A value a statement binds: what both databases take as one parameter. */
export type Scalar = string | number | boolean | Date | null;
/** A statement's values: scalars, rows of them (an INSERT of several), lists of them (an IN list). */
export type StatementValues = { readonly [key: string]: Scalar | readonly Scalar[] | readonly { readonly [column: string]: Scalar }[] };

/** Where a value sits in the values: a key, then a row or list index, then a column. */
type Path = readonly (string | number)[];

/** Stands for one value while the statement is built; the compiled parameters show where each went. */
class Placeholder {
  readonly path: Path;
  constructor(path: Path) {
    this.path = path;
  }
}

type Parameter = { path: Path; constant?: never } | { path?: never; constant: unknown };

interface Prepared {
  compiled: CompiledQuery;
  /** Each parameter: a value's path, or a constant the build function wrote itself. */
  parameters: readonly Parameter[];
}

const isScalar = (value: unknown): value is Scalar => value === null || value instanceof Date || typeof value !== "object";

/** The values' shape: their keys, and the length (and columns) of each list or rows. Values of one shape make one statement. */
function shapeOf(values: StatementValues): string {
  let shape = "";
  for (const key in values) {
    const value = values[key];
    if (value === undefined) throw new Error(`statement value "${key}" is undefined: pass null for no value`);
    if (isScalar(value)) shape += `${key}|`;
    else shape += `${key}[${value.map((item) => (isScalar(item) ? "" : Object.keys(item).join(","))).join(";")}]|`;
  }
  return shape;
}

/** The values with a placeholder for each. */
function standIn(values: StatementValues): StatementValues {
  const stand: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    stand[key] = isScalar(value)
      ? new Placeholder([key])
      : value.map((item, index) =>
          isScalar(item) ? new Placeholder([key, index]) : Object.fromEntries(Object.keys(item).map((column) => [column, new Placeholder([key, index, column])])),
        );
  }
  return stand as StatementValues;
}

function valueAt(values: StatementValues, path: Path): unknown {
  let value: unknown = values;
  for (const step of path) value = (value as Record<string | number, unknown>)[step];
  if (value === undefined) throw new Error(`statement value ${path.join(".")} is undefined: pass null for no value`);
  return value;
}

/** A statement: `yield* insertLead(sql, { id, … })` inside an operation runs it, as `query(…)` runs a query. */
export type Statement<Values extends StatementValues> = (sql: Sql, values: Values) => Generator<CompiledQuery, QueryResult, QueryResult>;

export function statement<Values extends StatementValues>(build: (sql: Sql, values: Values) => Compilable): Statement<Values> {
  const prepared = new Map<string, Prepared>();
  const prepare = (sql: Sql, values: Values, key: string): Prepared => {
    const stand = standIn(values);
    const compiled = build(sql, stand as Values).compile();
    const parameters = compiled.parameters.map((parameter): Parameter => (parameter instanceof Placeholder ? { path: parameter.path } : { constant: parameter }));
    const bound = new Set(parameters.map((parameter) => parameter.path?.join(".")));
    const unbound = placeholderPaths(stand).filter((path) => !bound.has(path));
    if (unbound.length > 0) throw new Error(`statement built without binding ${unbound.join(", ")}: its build function must pass every value to the query builder`);
    const entry = { compiled, parameters };
    // Shapes are few (a lead has one, jobs a handful of counts); the bound only guards against a caller gone wrong.
    if (prepared.size >= 64) prepared.clear();
    prepared.set(key, entry);
    return entry;
  };
  return function* run(sql, values) {
    const key = `${sql.dialect}:${shapeOf(values)}`;
    const { compiled, parameters } = prepared.get(key) ?? prepare(sql, values, key);
    const bound = parameters.map((parameter) => (parameter.path ? valueAt(values, parameter.path) : parameter.constant));
    return yield* query({ compile: () => ({ ...compiled, parameters: bound }) });
  };
}

function placeholderPaths(stand: StatementValues): string[] {
  const paths: string[] = [];
  const visit = (value: unknown): void => {
    if (value instanceof Placeholder) paths.push(value.path.join("."));
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") Object.values(value).forEach(visit);
  };
  visit(stand);
  return paths;
}
