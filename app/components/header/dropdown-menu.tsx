import { ChevronDown as chevronDownIcon } from "lucide";
import { Icon } from "../icon.tsx";
import { useLayoutEffect, useRef } from "react";
import { cx } from "../../lib/class-names.ts";
import type { NavMenu } from "../../site/navigation.ts";
import type { MenuState } from "./use-menu-state.ts";

interface DropdownMenuProps {
  menu: NavMenu;
  state: MenuState;
  /** Panel width (requirement NAV-5: Use Cases 700 px, Company 300 px). */
  panelClassName: string;
  /** Which edge of the trigger the panel lines up with. */
  align: "start" | "end";
}

/**
 * A WAI-ARIA disclosure menu in the header: a button with aria-expanded that
 * shows a panel of links. Hover opens at once; Escape closes and, when focus
 * was inside, returns it to the button.
 */
export function DropdownMenu({ menu, state, panelClassName, align }: DropdownMenuProps) {
  const isOpen = state.openMenu === menu.id;
  const itemRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = `${menu.id}-menu`;
  const { close } = state;

  // In place as the open state is drawn, so the very next key press finds it: preact/compat, which
  // runs the islands (app/islands/), runs effects only after the next frame.
  useLayoutEffect(() => {
    if (!isOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      const focusWasInside = itemRef.current?.contains(document.activeElement) ?? false;
      close();
      if (focusWasInside) buttonRef.current?.focus();
    }
    function onPointerDown(event: PointerEvent) {
      if (!itemRef.current?.contains(event.target as Node)) close();
    }
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [isOpen, close]);

  return (
    <li
      ref={itemRef}
      className="nav-menu relative"
      onPointerEnter={(event) => event.pointerType === "mouse" && state.hoverEnter(menu.id)}
      onPointerLeave={(event) => event.pointerType === "mouse" && state.hoverLeave(menu.id)}
      onBlur={(event) => {
        if (isOpen && !itemRef.current?.contains(event.relatedTarget)) close();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => state.click(menu.id)}
        className={cx(
          "inline-flex h-11 items-center gap-1 rounded-md px-3 text-[0.9375rem] font-medium",
          "text-text transition-colors hover:text-accent-strong",
          isOpen && "text-accent-strong",
        )}
      >
        {menu.label}
        <Icon node={chevronDownIcon} strokeWidth={2} className={cx("size-4 transition-transform", isOpen && "rotate-180")} />
      </button>
      {/* The panel starts at the trigger's bottom edge and pads itself down, so
          the pointer crosses into it without leaving the item. */}
      <div
        id={panelId}
        className={cx("nav-menu-panel absolute top-full z-50 pt-2", align === "end" ? "right-0" : "left-0", !isOpen && "hidden")}
      >
        <div className={cx("rounded-2xl border border-line bg-surface p-6 shadow-xl", panelClassName)}>
          <div className={cx("grid gap-8", menu.columns.length > 1 && "grid-cols-[1.5fr_1fr]")}>
            {menu.columns.map((column) => (
              <div key={column.heading}>
                <p className="mb-3 text-xs font-semibold tracking-wider text-text-muted uppercase">{column.heading}</p>
                <ul className="space-y-1">
                  {column.links.map((link) => (
                    <li key={link.to}>
                      <a
                        href={link.to}
                        onClick={close}
                        className="block rounded-lg px-3 py-2 transition-colors hover:bg-surface-muted"
                      >
                        <span className="block text-[0.9375rem] font-medium text-text">{link.label}</span>
                        {link.blurb && <span className="block text-sm text-text-muted">{link.blurb}</span>}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
      </div>
    </li>
  );
}
