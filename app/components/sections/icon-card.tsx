import type { ReactNode } from "react";
import type { IconNode } from "../../content/types.ts";
import { cx } from "../../lib/class-names.ts";
import { Icon } from "../icon.tsx";

interface IconCardProps {
  icon: IconNode;
  title: string;
  /** The title's size: cards in dense grids use the smaller one. */
  size?: "base" | "large";
  className?: string;
  children: ReactNode;
}

/** A bordered card headed by an icon tile and an H3: feature, capability, regulation and criterion cards. */
export function IconCard({ icon, title, size = "base", className, children }: IconCardProps) {
  return (
    <li className={cx("flex flex-col rounded-2xl border border-line bg-surface p-6", className)}>
      <span className="inline-flex size-12 items-center justify-center rounded-xl bg-indigo-50 text-accent">
        <Icon node={icon} />
      </span>
      <h3 className={cx("mt-5 font-semibold", size === "large" ? "text-h3" : "text-lg/7")}>{title}</h3>
      {children}
    </li>
  );
}
