// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "../../app/root.tsx";

function Broken(): never {
  throw new Error("boom while rendering");
}

describe("root ErrorBoundary", () => {
  beforeEach(() => {
    // React and the boundary itself log the thrown error; keep the output clean but observable.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
  });

  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  function renderBroken() {
    const Stub = createRoutesStub([{ path: "/", Component: Broken, ErrorBoundary }]);
    return render(<Stub initialEntries={["/"]} />);
  }

  it("shows the 'Unexpected Application Error!' heading", async () => {
    renderBroken();
    const heading = await screen.findByRole("heading", { level: 1 });
    expect(heading.textContent).toBe("Unexpected Application Error!");
  });

  it("links back to the home page", async () => {
    renderBroken();
    await screen.findByRole("heading", { name: "Unexpected Application Error!" });
    const homeLinks = screen.getAllByRole("link").filter((link) => link.getAttribute("href") === "/");
    expect(homeLinks.length).toBeGreaterThanOrEqual(1);
    expect(screen.getByRole("link", { name: "home page" }).getAttribute("href")).toBe("/");
  });

  it("offers the contact e-mail as a way out", async () => {
    renderBroken();
    await screen.findByRole("heading", { name: "Unexpected Application Error!" });
    const mail = screen.getByRole("link", { name: "hello@veilvault.example" });
    expect(mail.getAttribute("href")).toBe("mailto:hello@veilvault.example");
  });

  it("logs the thrown error to the console", async () => {
    renderBroken();
    await screen.findByRole("heading", { name: "Unexpected Application Error!" });
    const logged = vi.mocked(console.error).mock.calls.flat();
    expect(logged.some((arg) => arg instanceof Error && arg.message === "boom while rendering")).toBe(true);
  });

  it("renders the route normally when nothing throws", async () => {
    const Stub = createRoutesStub([{ path: "/", Component: () => <h1>Fine</h1>, ErrorBoundary }]);
    render(<Stub initialEntries={["/"]} />);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Fine");
    expect(screen.queryByText("Unexpected Application Error!")).toBeNull();
  });
});
