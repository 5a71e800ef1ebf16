import { useCallback, useEffect, useRef, useState } from "react";
import { DROPDOWN_CLOSE_DELAY_MS } from "../../lib/constants.ts";
import type { NavMenu } from "../../site/navigation.ts";

export type MenuId = NavMenu["id"];

/**
 * How the open menu was opened. A menu opened by hovering closes when the
 * pointer leaves; one opened by a click stays until clicked again, Escape, or
 * a click or focus elsewhere. Without this distinction a mouse click would
 * close the menu its own hover had just opened.
 */
type OpenedBy = "hover" | "click";

interface OpenMenu {
  id: MenuId;
  by: OpenedBy;
}

export interface MenuState {
  openMenu: MenuId | null;
  hoverEnter: (id: MenuId) => void;
  hoverLeave: (id: MenuId) => void;
  click: (id: MenuId) => void;
  close: () => void;
}

/** The header dropdowns (requirements NAV-6 to NAV-8): at most one open at a time. */
export function useMenuState(): MenuState {
  const [open, setOpen] = useState<OpenMenu | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancelClose = useCallback(() => {
    clearTimeout(closeTimer.current);
    closeTimer.current = undefined;
  }, []);

  const hoverEnter = useCallback(
    (id: MenuId) => {
      cancelClose();
      setOpen((current) => (current?.id === id ? current : { id, by: "hover" }));
    },
    [cancelClose],
  );

  const hoverLeave = useCallback(
    (id: MenuId) => {
      cancelClose();
      closeTimer.current = setTimeout(() => {
        setOpen((current) => (current?.id === id && current.by === "hover" ? null : current));
      }, DROPDOWN_CLOSE_DELAY_MS);
    },
    [cancelClose],
  );

  const click = useCallback(
    (id: MenuId) => {
      cancelClose();
      setOpen((current) => (current?.id === id && current.by === "click" ? null : { id, by: "click" }));
    },
    [cancelClose],
  );

  const close = useCallback(() => {
    cancelClose();
    setOpen(null);
  }, [cancelClose]);

  useEffect(() => cancelClose, [cancelClose]);

  return { openMenu: open?.id ?? null, hoverEnter, hoverLeave, click, close };
}
