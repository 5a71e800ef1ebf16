import { cx } from "../../lib/class-names.ts";

/** A list with accent dots; the dots are drawn by CSS, so a list costs no icon bytes. */
export function BulletList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cx("flex flex-col gap-2.5 text-base/7", className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <span aria-hidden="true" className="mt-2.75 size-1.5 shrink-0 rounded-full bg-accent" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
