import { describe, expect, it } from "vitest";
import { detect } from "../../app/lib/playground/detectors.ts";
import { findPersonNames } from "../../app/lib/playground/person-names.ts";
import { PERSON_NAME_SENTENCES_HELD_OUT } from "./fixtures/person-names-held-out.ts";
import { PERSON_NAME_SENTENCES_TUNING_1 } from "./fixtures/person-names-tuning-1.ts";
import { PERSON_NAME_SENTENCES_TUNING_2 } from "./fixtures/person-names-tuning-2.ts";
import { PERSON_NAME_SENTENCES_TUNING_3 } from "./fixtures/person-names-tuning-3.ts";
import { PERSON_NAME_SENTENCES_TUNING_4 } from "./fixtures/person-names-tuning-4.ts";
import { PERSON_NAME_SENTENCES_TUNING_5 } from "./fixtures/person-names-tuning-5.ts";

/** A sentence without its [[ ]] marks, and where the marked names stand in it. */
function unmark(marked: string): { text: string; names: string[] } {
  let text = "";
  const names: string[] = [];
  for (const piece of marked.split(/(\[\[[^\]]*\]\])/)) {
    const name = piece.startsWith("[[") ? piece.slice(2, -2) : undefined;
    if (name !== undefined) names.push(`${text.length}:${text.length + name.length}`);
    text += name ?? piece;
  }
  return { text, names };
}

/** Exact spans only: a name found too short or too long counts as one missed and one wrong. */
function score(sentences: readonly string[]): { precision: number; recall: number; wrong: string[]; missed: string[] } {
  let [found, right, marked] = [0, 0, 0];
  const wrong: string[] = [];
  const missed: string[] = [];
  for (const sentence of sentences) {
    const { text, names } = unmark(sentence);
    const spans = findPersonNames(text).map(([start, end]) => `${start}:${end}`);
    const show = (span: string): string => `${text.slice(...(span.split(":").map(Number) as [number, number]))} in "${text}"`;
    found += spans.length;
    marked += names.length;
    right += spans.filter((span) => names.includes(span)).length;
    wrong.push(...spans.filter((span) => !names.includes(span)).map(show));
    missed.push(...names.filter((span) => !spans.includes(span)).map(show));
  }
  return { precision: right / found, recall: right / marked, wrong, missed };
}

const names = (text: string): string[] => findPersonNames(text).map(([start, end]) => text.slice(start, end));

describe("PLAY-4 person names", () => {
  /*
   * Measured blind once, after all tuning: precision 0.933, recall 0.954
   * (208 of 218 names, 15 wrong). Writers who saw neither the rules nor the
   * lists wrote it; each earlier held-out set became a tuning set once its
   * misses had been looked at.
   */
  it("are found with precision ≥ 0.9 and recall ≥ 0.95 in 300 held-out sentences, written apart from the rules", () => {
    expect(PERSON_NAME_SENTENCES_HELD_OUT.length).toBeGreaterThanOrEqual(200);
    const { precision, recall, wrong, missed } = score(PERSON_NAME_SENTENCES_HELD_OUT);
    expect(precision, `wrong: ${wrong.join("; ")}`).toBeGreaterThanOrEqual(0.9);
    expect(recall, `missed: ${missed.join("; ")}`).toBeGreaterThanOrEqual(0.95);
  });

  it("are all found, and nothing else, in the first 110 sentences the rules were written against", () => {
    const { wrong, missed } = score(PERSON_NAME_SENTENCES_TUNING_1);
    expect({ wrong, missed }).toEqual({ wrong: [], missed: [] });
  });

  it.each([
    ["2", PERSON_NAME_SENTENCES_TUNING_2],
    ["3", PERSON_NAME_SENTENCES_TUNING_3],
    ["4", PERSON_NAME_SENTENCES_TUNING_4],
    ["5", PERSON_NAME_SENTENCES_TUNING_5],
  ])("are found with precision and recall ≥ 0.95 in tuning set %s", (_set, sentences) => {
    const { precision, recall, wrong, missed } = score(sentences);
    expect(precision, `wrong: ${wrong.join("; ")}`).toBeGreaterThanOrEqual(0.95);
    expect(recall, `missed: ${missed.join("; ")}`).toBeGreaterThanOrEqual(0.95);
  });

  it.each([
    ["after a title, even a name the lists lack", "Seen by Dr. Okonkwo-Udeh at 10:00.", ["Okonkwo-Udeh"]],
    ["after a cue word, even a name the lists lack", "I spoke with Tenzing about the refund.", ["Tenzing"]],
    ["Indian, with and without a title", "Shri Venkat Subramanian and Ananya Iyer signed.", ["Venkat Subramanian", "Ananya Iyer"]],
    ["Arabic, with bin and Al-", "Yousef bin Khalid wrote to Fatima Al-Sayed.", ["Yousef bin Khalid", "Fatima Al-Sayed"]],
    ["European, with particles and accents", "Anne van der Berg met Zoë Müller.", ["Anne van der Berg", "Zoë Müller"]],
    ["East Asian, family name first", "Chen Wei and Kim Min-jun joined.", ["Chen Wei", "Kim Min-jun"]],
    ["in lower case after a greeting", "thanks ravi, that worked", ["ravi"]],
    ["with a possessive left out", "Omar Haddad's card was declined.", ["Omar Haddad"]],
  ])("are found %s", (_case, text, expected) => {
    expect(names(text)).toEqual(expected);
  });

  it.each([
    ["places and streets", "Shipped from Mumbai to 10 Baker Street, London, via Abu Dhabi."],
    ["weekdays and months", "Moved to Monday; the audit is in May, not June."],
    ["brands and products", "Paid with Visa through Apple Pay; logged in Google Chrome."],
    ["teams and departments", "Escalated to the Platform team and Customer Success."],
    ["a name used as a place", "The courier is stuck at Victoria Station, and the order goes to Jordan."],
    ["a street named after a person", "Deliver to 4 King Hussein Street, Amman."],
  ])("are not seen in %s", (_case, text) => {
    expect(names(text)).toEqual([]);
  });

  it("give way to an e-mail address that spells a name", () => {
    expect(detect("Write to Jane.Roe@example.com today.").map((finding) => finding.type)).toEqual(["email"]);
  });
});
