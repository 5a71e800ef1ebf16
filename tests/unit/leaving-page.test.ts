// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FAILED_IMPORT_GRACE_MS, importUnlessLeaving } from "../../app/lib/leaving-page.ts";

describe("importUnlessLeaving", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("passes a loaded module through at once", async () => {
    await expect(importUnlessLeaving(() => Promise.resolve({ answer: 42 }))).resolves.toEqual({ answer: 42 });
  });

  it("passes a failure on after the grace period while the page stays", async () => {
    const failure = new TypeError("Importing a module script failed.");
    const outcome = importUnlessLeaving(() => Promise.reject(failure)).catch((error: unknown) => error);
    let settled = false;
    void outcome.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(FAILED_IMPORT_GRACE_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe(failure);
  });

  it("never reports a failure once the page is being left", async () => {
    let settled = false;
    void importUnlessLeaving(() => Promise.reject(new TypeError("aborted"))).then(
      () => (settled = true),
      () => (settled = true),
    );
    await vi.advanceTimersByTimeAsync(10);
    window.dispatchEvent(new Event("pagehide"));
    await vi.advanceTimersByTimeAsync(FAILED_IMPORT_GRACE_MS * 2);
    expect(settled).toBe(false);
  });
});
