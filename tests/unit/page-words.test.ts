import { describe, expect, it } from "vitest";
import { linesOnlyIn, visibleText } from "../../scripts/tools/lib/page-words.ts";

const PAGE = `<!doctype html><html><head><title>Tokenization | Veilvault</title><meta name="description" content="Tokens that keep shape.">
<style>p { color: red }</style></head><body><header><nav><a href="/">Home</a> <a href="/features">Core Features</a></nav></header>
<main><h1>Tokens   that keep
shape</h1><p>One <strong>vault</strong>, every region.</p><ul><li>Cards</li><li>Phones</li></ul>
<div hidden><p>In the closed menu</p></div><script>window.secret = "not words"</script></main></body></html>`;

describe("EDIT-1 the words of a page", () => {
  it("are its title, description and a line per block, inline markup joined and spaces collapsed, scripts and styles left out", () => {
    expect(visibleText(PAGE)).toBe(
      ["title: Tokenization | Veilvault", "description: Tokens that keep shape.", "Home Core Features", "Tokens that keep shape", "One vault, every region.", "Cards", "Phones", "In the closed menu", ""].join("\n"),
    );
  });

  it("differ by the lines one side has and the other lacks, counted, while a line that only moved is no difference", () => {
    expect(linesOnlyIn(["a", "b", "b", "c"], ["c", "b", "a"])).toEqual(["b"]);
    expect(linesOnlyIn(["c", "b", "a"], ["a", "b", "b", "c"])).toEqual([]);
    expect(linesOnlyIn(["Tokens that keep shape"], ["Tokens that keep their shape"])).toEqual(["Tokens that keep shape"]);
  });
});
