/**
 * Decap's English messages where ours say more (EDIT-11): a refused value
 * reads "Description: must be 70 to 160 characters." with the rule our
 * configuration states, not "didn't match the pattern"; a refused publish
 * says where to look. Merged over Decap's own phrases, so the rest stay.
 */
export const EDITOR_PHRASES = {
  editor: {
    editorControlPane: {
      widget: {
        required: "%{fieldLabel} is needed.",
        regexPattern: "%{fieldLabel}: %{pattern}.",
        rangeCount: "%{fieldLabel}: %{minCount} to %{maxCount} items are needed.",
        rangeCountExact: "%{fieldLabel}: exactly %{count} items are needed.",
        rangeMin: "%{fieldLabel}: at least %{minCount} items are needed.",
        rangeMax: "%{fieldLabel}: at most %{maxCount} items fit.",
      },
    },
  },
  ui: {
    toast: {
      missingRequiredField: "Not published: a field needs attention. Each one says what it needs, in red; a folded group with a red edge holds one.",
    },
  },
};

type Phrases = { [key: string]: string | Phrases };

/** `over` laid over `base`, key by key. */
export function mergePhrases(base: Record<string, unknown>, over: Phrases): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const below = merged[key];
    merged[key] = typeof value === "string" ? value : mergePhrases(below && typeof below === "object" ? (below as Record<string, unknown>) : {}, value);
  }
  return merged;
}
