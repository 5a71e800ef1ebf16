/**
 * A diagram as content files give it (EDIT-2): columns of boxes left to right
 * and the connectors between them. The limits are the layout's: at most three
 * columns of one to three boxes, a label on one line of its box (16
 * characters), a detail under it (18), and every connector joining two boxes
 * of the same diagram.
 */
import { z } from "zod";
import { copy } from "./copy.ts";

export const diagramNode = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/, "is not an id (lower-case letters, digits and dashes)").describe("A short name the arrows use for this box: lower-case letters, digits and dashes, such as vault"),
  label: copy.max(16, "is longer than the 16 characters a box's line holds"),
  detail: copy.max(18, "is longer than the 18 characters under a box").optional(),
  /** The node's role sets its colour: plain boxes, the vault, tokens, policy, the log. */
  tone: z.enum(["plain", "source", "token", "vault", "policy", "log"]).optional(),
});

const diagramLink = z.strictObject({ from: z.string(), to: z.string(), pulse: z.boolean().optional() });

export const diagramSchema = z
  .strictObject({
    title: copy,
    description: copy,
    columns: z.array(z.array(diagramNode).min(1).max(3)).min(1).max(3),
    links: z.array(diagramLink),
  })
  .superRefine((diagram, context) => {
    const ids = diagram.columns.flat().map((node) => node.id);
    for (const [index, link] of diagram.links.entries()) {
      for (const end of ["from", "to"] as const) {
        if (!ids.includes(link[end])) context.addIssue({ code: "custom", path: ["links", index, end], message: `names "${link[end]}", which is no box of this diagram (${ids.join(", ")})` });
      }
    }
  });

export type Diagram = z.infer<typeof diagramSchema>;
export type DiagramNode = z.infer<typeof diagramNode>;
export type DiagramLink = z.infer<typeof diagramLink>;
