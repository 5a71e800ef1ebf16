import { site } from "../../site/config.ts";
import { COOKIE_SETTINGS_ID } from "../consent-banner.tsx";
import { OfficeCards } from "../office-cards.tsx";
import { footerColumns, type NavLink } from "../../site/navigation.ts";
import { SiteLogo } from "../site-logo.tsx";
import { Container } from "../ui/container.tsx";
import type { ReactNode } from "react";
import { SocialIcon } from "./social-icon.tsx";
import { words } from "../../content/interface-words.ts";

/** A link to the page already open scrolls to its top (app/islands/page-behaviours.ts). */
function FooterLink({ link }: { link: NavLink }) {
  return (
    <a href={link.to} className="inline-flex min-h-8 items-center text-on-ink-muted hover:text-on-ink">
      {link.label}
    </a>
  );
}

/** The footer, drawn without script; `newsletter` is the newsletter box, an island the document places. */
export function SiteFooter({ newsletter }: { newsletter: ReactNode }) {
  return (
    <footer className="site-footer tone-ink bg-ink text-on-ink">
      <h2 className="sr-only">{words("footer.siteInformation")}</h2>
      <Container className="py-16">
        <div className="grid gap-12 lg:grid-cols-[1.2fr_2fr]">
          <div>
            <a
              href="/"
              className="inline-flex h-11 items-center gap-2.5 rounded-lg text-xl font-semibold tracking-tight"
            >
              <SiteLogo />
            </a>
            <p className="mt-4 max-w-sm text-on-ink-muted">
              {words("footer.tagline")}
            </p>
            <div className="mt-8">
              {newsletter}
            </div>
          </div>
          <div className="grid grid-cols-2 gap-8 sm:grid-cols-3">
            {footerColumns.map((column) => (
              <nav key={column.heading} aria-labelledby={`footer-${column.heading.toLowerCase()}`}>
                <h3 id={`footer-${column.heading.toLowerCase()}`} className="text-sm font-semibold text-on-ink">
                  {column.heading}
                </h3>
                <ul className="mt-4 space-y-2">
                  {column.links.map((link) => (
                    <li key={link.label}>
                      <FooterLink link={link} />
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
        </div>

        <div className="mt-14 grid gap-8 border-t border-line-ink pt-10 md:grid-cols-[2fr_1fr]">
          <div>
            <h3 className="text-sm font-semibold">{words("footer.offices")}</h3>
            <OfficeCards className="mt-4" />
          </div>
          <div>
            <h3 className="text-sm font-semibold">{words("footer.followUs")}</h3>
            <ul className="mt-4 flex gap-3">
              {site.social.map((profile) => (
                <li key={profile.network}>
                  <a
                    href={profile.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${profile.label} (opens in a new tab)`}
                    className="inline-flex size-11 items-center justify-center rounded-full border border-line-ink text-on-ink-muted hover:border-on-ink-muted hover:text-on-ink"
                  >
                    <SocialIcon network={profile.network} />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>

        <div className="mt-10 flex flex-col gap-4 border-t border-line-ink pt-8 text-sm text-on-ink-muted sm:flex-row sm:items-center sm:justify-between">
          {/* One string, so React writes no `<!-- -->` seams into every page (PERF-1): the footer is never hydrated. */}
          <p>{`© ${site.buildYear} ${site.legalName}${words("footer.rightsReserved")}`}</p>
          <button
            id={COOKIE_SETTINGS_ID}
            type="button"
            className="inline-flex min-h-8 items-center self-start underline underline-offset-2 hover:text-on-ink sm:self-auto"
          >
            {words("footer.cookieSettings")}
          </button>
        </div>
      </Container>
    </footer>
  );
}
