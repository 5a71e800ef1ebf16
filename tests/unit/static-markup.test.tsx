import { describe, expect, it } from "vitest";
import { staticMarkup } from "../../app/route-data/static-markup.server.tsx";

describe("staticMarkup", () => {
  it("draws a part of a page as the page would, links as they are written", () => {
    const { html } = staticMarkup(
      <p>
        <a href="/features">Features</a> <a href="#newsletter">Sign up</a>
      </p>,
    );
    expect(html).toBe('<p><a href="/features">Features</a> <a href="#newsletter">Sign up</a></p>');
  });
});
