import { ArrowRight as arrowRightIcon } from "lucide";
import { Icon } from "../icon.tsx";
import type { ComplianceLink } from "../../content/compliance-hub.ts";
import { cx } from "../../lib/class-names.ts";

/** Cards that link to compliance pages, each with its one-line summary: the hub's list and every regulation page's tail. */
export function ComplianceLinks({ links, className }: { links: readonly ComplianceLink[]; className?: string }) {
  return (
    <ul className={cx("grid gap-6 sm:grid-cols-2 lg:grid-cols-3", className)}>
      {links.map((item) => (
        <li key={item.to}>
          <a
            href={item.to}
            className="group flex h-full flex-col rounded-2xl border border-line bg-surface p-6 transition-shadow hover:shadow-lg"
          >
            <span className="text-h3 font-semibold">{item.name}</span>
            <span className="mt-2 flex-1 text-base/7 text-text-muted">{item.summary}</span>
            <span className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-accent-strong">
              Read the {item.name} page
              <Icon node={arrowRightIcon} strokeWidth={2} className="size-4 transition-transform group-hover:translate-x-0.5" />
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
