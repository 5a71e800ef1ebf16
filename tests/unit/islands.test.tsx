/**
 * PERF-9: an island is declared by a `*.island.tsx` file and drawn by the
 * prerender as a root of its own, its props as JSON beside its markup; the
 * build finds a page's islands in its HTML.
 */
import { readdirSync } from "node:fs";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { island } from "../../app/islands/island.tsx";
import { islandsEntry, pageIslands } from "../../scripts/build/lib/islands.ts";

function Greeting({ name, tags }: { name: string; tags?: string[] }) {
  return (
    <p>
      Hello {name}
      {tags?.map((tag) => <span key={tag}>{tag}</span>)}
    </p>
  );
}

describe("island()", () => {
  const GreetingIsland = island("greeting", Greeting, "visible");

  it("draws the component inside its element, as a root of its own, with its name, time and props beside it", () => {
    const html = renderToString(<main><GreetingIsland name={'<Ada> & "Bob"'} tags={["a"]} /></main>);
    const element = /<veil-island data-island="greeting" data-when="visible" data-ids="([^"]+)" data-props="([^"]*)">(.*)<\/veil-island>/.exec(html);
    expect(element).not.toBeNull();
    const [, ids, props, inner] = element!;
    // The markup is what the component draws alone, under the prefix kept in data-ids.
    expect(inner).toBe(renderToString(<Greeting name={'<Ada> & "Bob"'} tags={["a"]} />, { identifierPrefix: ids }));
    // The props are JSON in an attribute, escaped: nothing in them can end the attribute or open a tag.
    expect(props).not.toMatch(/[<>"]/);
    const text = props!.replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
    expect(JSON.parse(text)).toEqual({ name: '<Ada> & "Bob"', tags: ["a"] });
  });

  it("gives two islands on one page different id prefixes", () => {
    const html = renderToString(
      <>
        <GreetingIsland name="one" />
        <GreetingIsland name="two" />
      </>,
    );
    const prefixes = [...html.matchAll(/data-ids="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(prefixes).size).toBe(2);
  });

  it.each([
    ["a function", { name: "x", onClick: () => undefined }],
    ["a date", { name: "x", when: new Date(0) }],
    ["undefined", { name: "x", tags: undefined }],
    ["a class instance", { name: "x", tags: new Set(["a"]) }],
  ])("refuses props that are not plain JSON: %s", (_case, props) => {
    const Loose = island("loose", Greeting as (props: object) => React.ReactElement);
    expect(() => renderToString(<Loose {...props} />)).toThrow(/not plain JSON/);
  });
});

describe("the islands", () => {
  it("each *.island.tsx file declares the island of its own name", async () => {
    const dir = new URL("../../app/islands/", import.meta.url);
    const files = readdirSync(dir).filter((file) => file.endsWith(".island.tsx"));
    expect(files.length).toBeGreaterThanOrEqual(10);
    for (const file of files) {
      const module = (await import(new URL(file, dir).href)) as { default: { island: { name: string } } };
      expect(module.default.island.name, file).toBe(file.replace(/\.island\.tsx$/, ""));
    }
  });
});

describe("pageIslands: the islands a built page holds", () => {
  it("lists the outermost islands in page order, with their times", () => {
    const html =
      '<veil-island data-island="site-header" data-when="load" data-ids="R1"><header></header></veil-island><main>' +
      '<veil-island data-island="faq" data-when="visible" data-ids="R2" data-props="{}"><div><veil-island data-island="inner" data-when="load" data-ids="R3"></veil-island></div></veil-island>' +
      '</main><veil-island data-island="newsletter-form" data-when="interaction" data-ids="R4"><form></form></veil-island>';
    expect(pageIslands(html)).toEqual([
      { name: "site-header", when: "load" },
      { name: "faq", when: "visible" },
      { name: "newsletter-form", when: "interaction" },
    ]);
  });

  it.each([
    ["no name", '<veil-island data-when="load"></veil-island>'],
    ["a name that is no file name", '<veil-island data-island="../x" data-when="load"></veil-island>'],
    ["an unknown time", '<veil-island data-island="faq" data-when="later"></veil-island>'],
    ["no end", '<veil-island data-island="faq" data-when="load"><p>'],
  ])("refuses an island with %s", (_case, html) => {
    expect(() => pageIslands(html)).toThrow(/islands:/);
  });
});

describe("islandsEntry: a page's script and its file name", () => {
  const islands = [
    { name: "site-header", when: "load" },
    { name: "faq", when: "visible" },
  ] as const;

  it("names the same islands alike wherever the project is checked out, though the source names each file", () => {
    const here = islandsEntry(islands, "/work/main/app/islands");
    const there = islandsEntry(islands, "/check/work/main/app/islands");
    expect(here.source).toContain('"/work/main/app/islands/faq.island.tsx"');
    expect(there.source).toContain('"/check/work/main/app/islands/faq.island.tsx"');
    expect(there.name).toBe(here.name);
    expect(here.name).toMatch(/^islands-[0-9a-f]{8}$/);
  });

  it("names the same islands alike in any page order, and another set or an island loaded later otherwise", () => {
    const dir = "/work/main/app/islands";
    expect(islandsEntry([...islands].reverse(), dir).name).toBe(islandsEntry(islands, dir).name);
    expect(islandsEntry([islands[0]], dir).name).not.toBe(islandsEntry(islands, dir).name);
    expect(islandsEntry([islands[0], { name: "faq", when: "interaction" }], dir).name).not.toBe(islandsEntry(islands, dir).name);
  });
});
