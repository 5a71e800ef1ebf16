import { site } from "../site/config.ts";
import { cx } from "../lib/class-names.ts";
import { words } from "../content/interface-words.ts";

interface DemoButtonProps {
  className?: string;
  /** Defaults to the header's label, "Schedule A Demo →". */
  label?: string;
  onClick?: () => void;
}

/**
 * The demo call-to-action: opens the external scheduling page for the free
 * 30-minute demo call in a new tab. 186x46 px (requirements SITE-10, FIG-5).
 */
export function DemoButton({ className, label = words("demoButton.label"), onClick }: DemoButtonProps) {
  return (
    <a
      href={site.demo.url}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onClick}
      className={cx(
        "inline-flex h-[46px] w-[186px] shrink-0 items-center justify-center rounded-full whitespace-pre",
        "bg-accent text-[0.9375rem] font-semibold text-white shadow-sm",
        "transition-colors hover:bg-accent-strong",
        className,
      )}
    >
      {label} <span aria-hidden="true">→</span>
      <span className="sr-only">{words("demoButton.newTab")}</span>
    </a>
  );
}
