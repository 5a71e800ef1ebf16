/**
 * The Use Cases page (UC-1 to UC-7), as content/use-case.yaml holds it: four
 * tabs, named as UC-1 names them and in its order, each with its cards.
 * The tabs are segments, never customers; every scenario is fictional.
 */
import { z } from "zod";
import { copy, pageIntro, pageMetaText } from "./copy.ts";
import { closingBand } from "./sections.ts";

/** A use-case card (UC-2): title, challenge, example, solution, outcome. */
const useCaseCard = z.strictObject({
  title: copy,
  challenge: copy,
  example: copy,
  /** Shown under "How Veilvault helps". */
  solution: copy,
  outcome: copy,
});

function tab<Id extends string, Label extends string>(id: Id, label: Label) {
  return z.strictObject({
    id: z.literal(id, `must be "${id}": the tabs are UC-1's, in its order`),
    label: z.literal(label, `must read "${label}" (UC-1)`),
    /** One sentence under the tab list saying who this tab is for. */
    summary: copy,
    cards: z.array(useCaseCard).min(1),
  });
}

export const useCaseHubSchema = z.strictObject({
  meta: pageMetaText,
  intro: pageIntro,
  tabs: z.tuple([tab("general", "General"), tab("porter", "Porter"), tab("healthcare", "Healthcare"), tab("rso", "RSO")]),
  closing: closingBand,
});

export type UseCaseHub = z.infer<typeof useCaseHubSchema>;
export type UseCaseTab = UseCaseHub["tabs"][number];
export type UseCaseTabId = UseCaseTab["id"];
export type UseCaseCard = z.infer<typeof useCaseCard>;
