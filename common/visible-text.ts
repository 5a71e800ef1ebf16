/**
 * Is a typed value text a person can see? The form and the lead service both
 * ask, so a value is refused in the browser for exactly the reason the server
 * would refuse it. Plain regular expressions over single characters: each test
 * is one linear scan, however hostile the input.
 */

export type TextKind = "line" | "multiline";

/**
 * "hidden": a character that changes what is stored or shown without being
 * seen. "invisible-only": something was sent, but a reader would see nothing.
 */
export type HiddenTextProblem = "hidden" | "invisible-only";

/*
 * Hidden in any field: lone surrogates (broken UTF-16 that no store or CSV can
 * round-trip), C0 and C1 controls and DEL (a NUL ends strings in other tools),
 * and the bidi embeddings, overrides and isolates (U+202A-U+202E,
 * U+2066-U+2069), which make "moc.\u202Eelgoog.com" display as another text.
 * The lone marks LRM and RLM, and the joiners ZWJ and ZWNJ, are not here: real
 * names and words in Arabic, Hebrew, Persian and Indic scripts need them.
 * A one-line field also may not hold the Unicode line and paragraph separators.
 */
const HIDDEN_IN_LINE = /[\p{Cs}\p{Cc}\u202A-\u202E\u2066-\u2069\u2028\u2029]/u;
/** As above, but a message may hold tabs and line breaks. */
const HIDDEN_IN_MULTILINE = /[\p{Cs}\u202A-\u202E\u2066-\u2069]|(?![\t\n\r])\p{Cc}/u;

/*
 * A character that shows something. Not: white space, format characters,
 * default-ignorable code points (fillers such as U+3164 and U+FFA0, the soft
 * hyphen, variation selectors) and the braille blank U+2800, which renders as
 * an empty cell.
 */
const VISIBLE = /[^\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** Any character that is hidden or shows nothing: what an e-mail address may not hold at all. */
const UNSEEN = /[\p{Cs}\p{Cc}\p{Cf}\p{White_Space}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** One form for one text: "Zoe\u0301" and "Zoé" are stored, compared and counted alike. */
export function normaliseText(value: string): string {
  return value.normalize("NFC");
}

/** A value as it is checked and stored: normalised first, so trimming and lengths see the composed text. */
export function cleanText(value: string): string {
  return normaliseText(value).trim();
}

export function hiddenTextProblem(value: string, kind: TextKind): HiddenTextProblem | undefined {
  if ((kind === "multiline" ? HIDDEN_IN_MULTILINE : HIDDEN_IN_LINE).test(value)) return "hidden";
  if (value !== "" && !VISIBLE.test(value)) return "invisible-only";
  return undefined;
}

export function hasUnseenCharacter(value: string): boolean {
  return UNSEEN.test(value);
}
