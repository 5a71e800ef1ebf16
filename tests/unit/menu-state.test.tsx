// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useMenuState } from "../../app/components/header/use-menu-state.ts";
import { DROPDOWN_CLOSE_DELAY_MS } from "../../app/lib/constants.ts";

describe("useMenuState", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  function setup() {
    return renderHook(() => useMenuState());
  }

  function advance(ms: number): void {
    act(() => {
      vi.advanceTimersByTime(ms);
    });
  }

  it("uses FIG-5's 180 ms close delay", () => {
    expect(DROPDOWN_CLOSE_DELAY_MS).toBe(180);
  });

  it("starts with no menu open", () => {
    expect(setup().result.current.openMenu).toBeNull();
  });

  it("opens immediately on hoverEnter", () => {
    const { result } = setup();
    act(() => {
      result.current.hoverEnter("useCases");
    });
    expect(result.current.openMenu).toBe("useCases");
  });

  it("closes only after the delay on hoverLeave", () => {
    const { result } = setup();
    act(() => {
      result.current.hoverEnter("company");
    });
    act(() => {
      result.current.hoverLeave("company");
    });
    expect(result.current.openMenu).toBe("company");
    advance(DROPDOWN_CLOSE_DELAY_MS - 1);
    expect(result.current.openMenu).toBe("company");
    advance(1);
    expect(result.current.openMenu).toBeNull();
  });

  it("cancels the pending close when the pointer comes back within the delay", () => {
    const { result } = setup();
    act(() => {
      result.current.hoverEnter("useCases");
    });
    act(() => {
      result.current.hoverLeave("useCases");
    });
    advance(DROPDOWN_CLOSE_DELAY_MS - 10);
    act(() => {
      result.current.hoverEnter("useCases");
    });
    advance(DROPDOWN_CLOSE_DELAY_MS * 5);
    expect(result.current.openMenu).toBe("useCases");
  });

  it("switches to the other menu on hover: at most one open", () => {
    const { result } = setup();
    act(() => {
      result.current.hoverEnter("useCases");
    });
    act(() => {
      result.current.hoverLeave("useCases");
      result.current.hoverEnter("company");
    });
    expect(result.current.openMenu).toBe("company");
    // The close scheduled for useCases must not close company.
    advance(DROPDOWN_CLOSE_DELAY_MS * 2);
    expect(result.current.openMenu).toBe("company");
    act(() => {
      result.current.hoverEnter("useCases");
    });
    expect(result.current.openMenu).toBe("useCases");
  });

  it("a pending hover close of one menu does not close the other menu opened by click", () => {
    const { result } = setup();
    act(() => {
      result.current.hoverEnter("useCases");
    });
    act(() => {
      result.current.hoverLeave("useCases");
    });
    act(() => {
      result.current.click("company");
    });
    advance(DROPDOWN_CLOSE_DELAY_MS * 2);
    expect(result.current.openMenu).toBe("company");
  });

  it("click toggles a closed menu open and then closed", () => {
    const { result } = setup();
    act(() => {
      result.current.click("company");
    });
    expect(result.current.openMenu).toBe("company");
    act(() => {
      result.current.click("company");
    });
    expect(result.current.openMenu).toBeNull();
  });

  it("click on the other menu switches to it", () => {
    const { result } = setup();
    act(() => {
      result.current.click("company");
    });
    act(() => {
      result.current.click("useCases");
    });
    expect(result.current.openMenu).toBe("useCases");
  });

  it("click on a hover-opened menu keeps it open, and it then ignores hoverLeave", () => {
    const { result } = setup();
    act(() => {
      result.current.hoverEnter("useCases");
    });
    act(() => {
      result.current.click("useCases");
    });
    expect(result.current.openMenu).toBe("useCases");
    act(() => {
      result.current.hoverLeave("useCases");
    });
    advance(DROPDOWN_CLOSE_DELAY_MS * 3);
    expect(result.current.openMenu).toBe("useCases");
    // A second click closes it.
    act(() => {
      result.current.click("useCases");
    });
    expect(result.current.openMenu).toBeNull();
  });

  it("a click during a pending hover close keeps the menu open", () => {
    const { result } = setup();
    act(() => {
      result.current.hoverEnter("company");
    });
    act(() => {
      result.current.hoverLeave("company");
    });
    advance(DROPDOWN_CLOSE_DELAY_MS / 2);
    act(() => {
      result.current.click("company");
    });
    advance(DROPDOWN_CLOSE_DELAY_MS * 2);
    expect(result.current.openMenu).toBe("company");
  });

  it("close() closes a click-opened menu", () => {
    const { result } = setup();
    act(() => {
      result.current.click("useCases");
    });
    act(() => {
      result.current.close();
    });
    expect(result.current.openMenu).toBeNull();
  });

  it("close() closes a hover-opened menu at once and cancels the pending timer", () => {
    const { result } = setup();
    act(() => {
      result.current.hoverEnter("company");
    });
    act(() => {
      result.current.hoverLeave("company");
    });
    act(() => {
      result.current.close();
    });
    expect(result.current.openMenu).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("clears its timer on unmount", () => {
    const { result, unmount } = setup();
    act(() => {
      result.current.hoverEnter("useCases");
    });
    act(() => {
      result.current.hoverLeave("useCases");
    });
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
