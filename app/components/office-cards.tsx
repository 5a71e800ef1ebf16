import { MapPin as mapPinIcon } from "lucide";
import { Icon } from "./icon.tsx";
import { cx } from "../lib/class-names.ts";
import { site } from "../site/config.ts";

/**
 * The two offices on an ink band, each with a link to a maps service: the footer and the contact page.
 * Each run of text is one string: React marks the seam between two pieces of text with `<!-- -->`,
 * which no script here needs (nothing hydrates these cards) and every page would carry (PERF-1).
 */
export function OfficeCards({ className }: { className?: string }) {
  return (
    <ul className={cx("grid gap-4 sm:grid-cols-2", className)}>
      {site.offices.map((office) => (
        <li key={office.id} className="rounded-2xl border border-line-ink p-5">
          <p className="font-semibold">
            {`${office.country} `}
            <span className="font-normal text-on-ink-muted">{`· ${office.city}`}</span>
          </p>
          <p className="mt-1 text-sm text-on-ink-muted">{office.region}</p>
          <a
            href={office.mapsUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-3 inline-flex min-h-8 items-center gap-1.5 text-sm font-medium text-accent-on-ink hover:text-on-ink"
          >
            <Icon node={mapPinIcon} strokeWidth={2} className="size-4" />
            {`View ${office.city} on the map`}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
