/**
 * A group of fields the page can do without (EDIT-10), such as a post's
 * cover: left empty, it is left out of the file and nothing inside it is
 * asked for; once any field of it is filled in, the fields it needs are, and
 * the message names them at the group, where the editor sees it with the
 * group folded. Decap's own object widget asks for every required field
 * inside an optional group, so a post without a cover could not be
 * published: the editor's page registers this widget in its place, which
 * checks the fields inside only while the group holds something.
 * Pure, so the editor's page and the tests run the same check.
 */

/** The widget's name in the CMS's configuration. */
export const OPTIONAL_GROUP_WIDGET = "optional-group";

/** The part of a field this check reads. */
export interface GroupField {
  name: string;
  label: string;
  widget: string;
  fields?: readonly GroupField[];
  /** The fields of a group that the page needs once the group is filled in. */
  required_inside?: readonly string[];
}

/** Whether a value holds nothing an editor typed: blank texts, empty lists and groups. */
export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return true;
  if (Array.isArray(value)) return value.every(isBlank);
  if (typeof value === "object") return Object.values(value).every(isBlank);
  return false;
}

/** The labels of the fields `value` lacks that `group` needs. */
function missingInside(group: GroupField, value: Record<string, unknown>): string[] {
  const needed = new Set(group.required_inside ?? []);
  return (group.fields ?? []).flatMap((field) => {
    const inner = value[field.name];
    // A group inside checks itself; only a blank field the group needs is missing here.
    return isBlank(inner) && needed.has(field.name) && field.widget !== OPTIONAL_GROUP_WIDGET ? [field.label] : [];
  });
}

/** What is wrong with an optional group's value, as the editor reads it at the group, or undefined when it may be saved. */
export function groupProblem(group: GroupField, value: unknown): string | undefined {
  if (isBlank(value) || typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const missing = missingInside(group, value as Record<string, unknown>);
  if (missing.length === 0) return undefined;
  const names = missing.length === 1 ? (missing[0] ?? "") : `${missing.slice(0, -1).join(", ")} and ${missing.at(-1) ?? ""}`;
  return `${group.label}: ${names} ${missing.length === 1 ? "is" : "are"} needed once any of it is filled in; or empty it to leave it out.`;
}
