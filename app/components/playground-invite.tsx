import type { PlaygroundPage } from "../content/schemas/playground-page.ts";
import { cx } from "../lib/class-names.ts";

/** PLAY-3: the way from a page that describes tokenization to the page where a visitor can try it. */
export function PlaygroundInvite({ invite, className }: { invite: PlaygroundPage["invite"]; className?: string }) {
  return (
    <div className={cx("flex flex-col gap-4 rounded-2xl border border-line bg-surface p-6 sm:flex-row sm:items-center sm:justify-between", className)}>
      <p className="max-w-2xl text-base/7 text-text-muted">{invite.text}</p>
      <a
        href="/playground"
        className="inline-flex min-h-11 shrink-0 items-center justify-center gap-2 rounded-full bg-accent px-6 text-[0.9375rem] font-semibold text-white hover:bg-accent-strong"
      >
        {invite.link}
        <span aria-hidden="true">→</span>
      </a>
    </div>
  );
}
