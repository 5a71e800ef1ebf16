import { describe, expect, it } from "vitest";
import { readContentFile } from "../../app/content/content-files.server.ts";
import { interfaceWordsSchema } from "../../app/content/schemas/interface-words.ts";
import { wordsCall } from "../../scripts/build/lib/content-files-plugin.ts";

const all = readContentFile("interface.yaml", interfaceWordsSchema);

describe("EDIT-1 the interface's words come from content/interface.yaml, put in place at build", () => {
  it("a call becomes the text itself, as a string literal", () => {
    expect(wordsCall(all, "footer.tagline", undefined)).toBe(JSON.stringify(all.footer.tagline));
    expect(wordsCall(all, "siteLogo.home", undefined)).toBe('" home"');
  });

  it("a text with places becomes a template literal that fills them with the call's values", () => {
    expect(wordsCall(all, "playground.roleChanged", " role ")).toBe("`Role changed to ${role}. What the previous role was shown is hidden; reveal again to see what this role may.`");
    expect(wordsCall(all, "playground.verified", ' count: log.length, head: head?.slice(0, 12) ?? "" ')).toBe('`Verified: all ${log.length} entries chain up to the head hash ${head?.slice(0, 12) ?? ""}…`');
  });

  it("refuses a key the file lacks, and values that do not match the text's places", () => {
    expect(() => wordsCall(all, "footer.slogan", undefined)).toThrow(/content\/interface\.yaml has no text at footer\.slogan/);
    expect(() => wordsCall(all, "playground.roleChanged", undefined)).toThrow(/places \{role\} and the call's values \(\) differ/);
    expect(() => wordsCall(all, "footer.tagline", " role ")).toThrow(/differ/);
  });

  it("keeps backquotes and ${ in a text as text", () => {
    const text = { ...all, footer: { ...all.footer, tagline: "Use `tokens`, pay ${ {name}" } };
    expect(wordsCall(text, "footer.tagline", " name ")).toBe("`Use \\`tokens\\`, pay \\${ ${name}`");
  });

  it("the schema keeps the places a page fills and the texts the requirements quote", () => {
    const broken = { ...all, playground: { ...all.playground, roleChanged: "Role changed." }, successDialog: { ...all.successDialog, heading: "Thank you!" } };
    const issues = interfaceWordsSchema.safeParse(broken).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(issues).toEqual([
      "successDialog.heading: must read exactly “Thanks! Your message has been sent.”: the requirements quote it",
      "playground.roleChanged: must keep exactly the places {role}, which the page fills",
    ]);
  });
});
