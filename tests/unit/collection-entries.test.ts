import { describe, expect, it } from "vitest";
import { parseMarkdownFile } from "../../app/content/content-files.ts";
import { eventSchema, newsItemSchema, postSchema } from "../../app/content/schemas/collection-entries.ts";

const MARKDOWN = ".md";
/** A made-up entry's place in a collection's folder (no such file exists). */
const scratch = (folder: string) => `${folder}/x${MARKDOWN}`;

const post = (front: string) => () => parseMarkdownFile(scratch("posts"), `---\n${front}\n---\nBody.\n`, postSchema);
const VALID_POST = "title: Tokens or ciphertext\ndescription: How tokenization and encryption differ for personal data, and where each one belongs in a system.\npublished: 2026-11-10\nauthor: Veilvault privacy engineering\ntags: [tokenization]";

describe("PUB-1 posts, news and events are held to their schemas", () => {
  it("accepts a post as the starting posts write it", () => {
    expect(post(VALID_POST)().data).toMatchObject({ title: "Tokens or ciphertext", tags: ["tokenization"] });
  });

  it.each([
    ["an author who is a person", VALID_POST.replace("Veilvault privacy engineering", "Jane Doe"), /content\/posts\/x\.md: author: must be one of the teams/],
    ["an updated date before the publication", `${VALID_POST}\nupdated: 2026-11-01`, /content\/posts\/x\.md: updated: is before the publication date/],
    ["a tag with a character no address can hold", VALID_POST.replace("[tokenization]", "[\"Tokens/encryption\"]"), /content\/posts\/x\.md: tags\[0\]: is not a tag/],
    ["a cover without alt text", `${VALID_POST}\ncover:\n  src: /images/cover.png`, /content\/posts\/x\.md: cover\.alt: /],
    ["a figure FIG-1 does not approve", VALID_POST.replace("Tokens or ciphertext", "Cut breaches by 45%"), /content\/posts\/x\.md: title: states 45%/],
    ["a title longer than a search result shows", VALID_POST.replace("Tokens or ciphertext", "x".repeat(71)), /content\/posts\/x\.md: title: is longer than the 70 characters/],
    ["a title that the page's HTML makes too long (a ' is &#x27;)", VALID_POST.replace("Tokens or ciphertext", `"It's ${"x".repeat(62)}"`), /title: is longer than the 70 characters .*write ’ instead/],
  ])("refuses %s", (_case, front, message) => {
    expect(post(front)).toThrow(message);
  });

  it("holds a news item to a date, a summary of search length and an https link", () => {
    const item = (front: string) => () => parseMarkdownFile(scratch("news"), `---\n${front}\n---\n`, newsItemSchema);
    const valid = "title: Veilvault opens its blog\ndate: 2026-11-26\nsummary: The blog explains tokenization, the DPDP Act for engineers and keeping personal data out of prompts.";
    expect(item(valid)().data.date).toBe("2026-11-26");
    expect(item(`${valid}\nlink: http://example.com/story`)).toThrow(/content\/news\/x\.md: link: is not an https:\/\/ address/);
  });

  it("holds an event to instants with offsets, a real time zone, a place or a link, and an end after its start", () => {
    const event = (front: string) => () => parseMarkdownFile(scratch("events"), `---\n${front}\n---\n`, eventSchema);
    const valid =
      "title: Tokenization for DPDP, a working session\ndescription: A working session on mapping DPDP obligations to tokenization, access policy and audit logs.\nstart: 2026-12-03T16:00:00+05:30\nend: 2026-12-03T17:00:00+05:30\ntimeZone: Asia/Kolkata\nwhere:\n  online: https://example.com/session\nregistration: https://example.com/register";
    expect(Date.parse(event(valid)().data.start)).toBe(Date.UTC(2026, 11, 3, 10, 30));
    expect(event(valid.replace("end: 2026-12-03T17:00:00+05:30", "end: 2026-12-03T15:00:00+05:30"))).toThrow(/end: is not after the start/);
    expect(event(valid.replace("Asia/Kolkata", "India/Bengaluru"))).toThrow(/timeZone: is not a time zone name/);
    expect(event(valid.replace("start: 2026-12-03T16:00:00+05:30", "start: 2026-12-03 16:00"))).toThrow(/start: is not a date and time with its offset/);
    expect(event(valid.replace("  online: https://example.com/session", "  online: https://example.com/session\n  place: Bengaluru"))).toThrow(/where: /);
  });
});
