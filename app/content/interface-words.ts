/**
 * The words of the site's interface (header, footer, banner, forms, the
 * playground's tool), which live in content/interface.yaml like every page's
 * (EDIT-1). A component writes `words("footer.tagline")`, or
 * `words("playground.roleChanged", { role })` for a text with a place to fill;
 * the build's content plugin replaces each call with the text itself, checked
 * against the schema, so the browser downloads the same bytes as if the words
 * were written in the component, and neither this function nor the file.
 */
import type { InterfaceWords } from "./schemas/interface-words.ts";

/** "footer.tagline" for every text of the file. */
type WordKey<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : WordKey<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type InterfaceWordKey = WordKey<InterfaceWords>;

/** The text at `key`, with `values` in its places; replaced at build, so it never runs. */
export function words(key: InterfaceWordKey, values?: Record<string, string | number>): string {
  throw new Error(`words("${key}"${values ? ", …" : ""}) was not replaced by the build's content plugin`);
}
