import { BrainCircuit, KeyRound, ScanSearch, ScrollText, SquareAsterisk, Vault, type LucideIcon } from "lucide-react";
import type { IconName } from "../content/types.ts";
import { cx } from "../lib/class-names.ts";

/** The one line-icon family (BRIEF.md), named by what content modules ask for. */
const icons: Record<IconName, LucideIcon> = {
  vault: Vault,
  token: SquareAsterisk,
  scan: ScanSearch,
  key: KeyRound,
  log: ScrollText,
  brain: BrainCircuit,
};
/** A decorative icon: the text beside it carries the meaning. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  const Glyph = icons[name];
  return <Glyph aria-hidden="true" strokeWidth={1.75} className={cx("size-6", className)} />;
}
