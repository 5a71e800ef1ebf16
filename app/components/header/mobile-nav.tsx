import { Menu as menuIcon, X as xIcon } from "lucide";
import { Icon } from "../icon.tsx";
import { useLayoutEffect, useRef } from "react";
import { cx } from "../../lib/class-names.ts";
import { companyMenu, headerLinks, useCasesMenu, type NavLink } from "../../site/navigation.ts";
import { DemoButton } from "../demo-button.tsx";
import { words } from "../../content/interface-words.ts";

interface MobileNavProps {
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
}

function MobileLink({ link, onClose }: { link: NavLink; onClose: () => void }) {
  return (
    <a href={link.to} onClick={onClose} className="block rounded-lg px-3 py-3 hover:bg-surface-muted">
      <span className="block font-medium">{link.label}</span>
      {link.blurb && <span className="block text-sm text-text-muted">{link.blurb}</span>}
    </a>
  );
}

/** Below the desktop breakpoint the header's links collapse into this toggled list. */
export function MobileNav({ open, onToggle, onClose }: MobileNavProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);

  // In place as the open state is drawn, so the very next key press finds it: preact/compat, which
  // runs the islands (app/islands/), runs effects only after the next frame.
  useLayoutEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      onClose();
      buttonRef.current?.focus();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, onClose]);

  const groups = [...useCasesMenu.columns, ...companyMenu.columns];

  return (
    <div className="mobile-nav lg:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label={words("header.menu")}
        onClick={onToggle}
        className="inline-flex size-11 items-center justify-center rounded-lg text-text hover:bg-surface-muted"
      >
        {open ? <Icon node={xIcon} strokeWidth={2} className="size-6" /> : <Icon node={menuIcon} strokeWidth={2} className="size-6" />}
      </button>
      <div
        id="mobile-menu"
        className={cx(
          "mobile-nav-panel absolute inset-x-0 top-full max-h-[calc(100dvh-4.5rem)] overflow-y-auto",
          "border-b border-line bg-surface shadow-lg",
          !open && "hidden",
        )}
      >
        <nav aria-label={words("header.mainMenu")} className="mx-auto max-w-7xl px-4 pt-2 pb-6 sm:px-6">
          {groups.map((group) => (
            <section key={group.heading} className="border-b border-line py-3">
              <h2 className="px-3 pb-1 text-xs font-semibold tracking-wider text-text-muted uppercase">
                {group.heading}
              </h2>
              <ul className={cx(group.links.length > 3 && "sm:grid sm:grid-cols-2")}>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <MobileLink link={link} onClose={onClose} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <ul className="py-3">
            {headerLinks.map((link) => (
              <li key={link.to}>
                <MobileLink link={link} onClose={onClose} />
              </li>
            ))}
          </ul>
          <DemoButton className="ml-3" onClick={onClose} label="Schedule A Demo" />
        </nav>
      </div>
    </div>
  );
}
