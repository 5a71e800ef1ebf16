import { useState } from "react";
import { companyMenu, headerLinks, useCasesMenu } from "../../site/navigation.ts";
import { DemoButton } from "../demo-button.tsx";
import { SiteLogo } from "../site-logo.tsx";
import { Container } from "../ui/container.tsx";
import { DropdownMenu } from "./dropdown-menu.tsx";
import { MobileNav } from "./mobile-nav.tsx";
import { useMenuState } from "./use-menu-state.ts";

export function SiteHeader() {
  const menus = useMenuState();
  const [mobileOpen, setMobileOpen] = useState(false);
  const closeMenus = menus.close;

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85">
      <Container className="flex h-18 items-center gap-4">
        <a
          href="/"
          className="-ml-1 inline-flex h-11 shrink-0 items-center gap-2.5 rounded-lg px-1 text-xl font-semibold tracking-tight text-text"
        >
          <SiteLogo />
        </a>
        <nav aria-label="Main" className="ml-6 hidden lg:block">
          <ul className="flex items-center gap-1">
            <DropdownMenu menu={useCasesMenu} state={menus} align="start" panelClassName="w-[700px]" />
            {headerLinks.map((link) => (
              <li key={link.to}>
                <a
                  href={link.to}
                  onClick={closeMenus}
                  className="inline-flex h-11 items-center rounded-md px-3 text-[0.9375rem] font-medium text-text transition-colors hover:text-accent-strong"
                >
                  {link.label}
                </a>
              </li>
            ))}
            <DropdownMenu menu={companyMenu} state={menus} align="start" panelClassName="w-[300px]" />
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {/* Below 640 px the demo button moves into the menu, where it has room. */}
          <div className="hidden sm:block">
            <DemoButton />
          </div>
          <MobileNav
            open={mobileOpen}
            onToggle={() => setMobileOpen(!mobileOpen)}
            onClose={() => setMobileOpen(false)}
          />
        </div>
      </Container>
    </header>
  );
}
