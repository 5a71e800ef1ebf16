import type { ReactNode } from "react";
import { cx } from "../../lib/class-names.ts";

type Level = 1 | 2 | 3;

const levelClasses: Record<Level, string> = {
  1: "text-display font-semibold tracking-tight text-balance lg:text-display-lg",
  2: "text-3xl/10 font-semibold tracking-tight text-balance sm:text-h2",
  3: "text-h3 font-semibold",
};

interface HeadingProps {
  level: Level;
  id?: string;
  className?: string;
  children: ReactNode;
}

/** The heading scale of the design brief: display 56/64, h2 36/44, h3 22/30. */
export function Heading({ level, id, className, children }: HeadingProps) {
  const Tag = `h${level}` as const;
  return (
    <Tag id={id} className={cx(levelClasses[level], className)}>
      {children}
    </Tag>
  );
}
