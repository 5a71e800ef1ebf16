import { playgroundText, roleCopy } from "../../content/playground-tool.ts";
import type { AuditLog } from "../../lib/playground/audit-log.ts";
import { cx } from "../../lib/class-names.ts";
import { TokenText } from "./token-text.tsx";
import { words } from "../../content/interface-words.ts";

const ACTION_LABELS = {
  tokenize: words("playground.actions.tokenize"),
  grant: words("playground.actions.grant"),
  reveal: words("playground.actions.reveal"),
  deny: words("playground.actions.deny"),
};

const shortHash = (hash: string): string => `${hash.slice(0, 12)}…`;

const time = (at: number): string => new Date(at).toLocaleTimeString("en-GB", { hour12: false });

/** The log as a list, newest last, each entry with its hash and the hash it chains to. */
export function AuditLogView({ log, brokenAt, edited }: { log: AuditLog; brokenAt: number | undefined; edited: number | undefined }) {
  if (log.length === 0) return <p className="text-sm/6 text-text-muted">{playgroundText.emptyLog}</p>;
  return (
    <ol aria-label={words("playground.logEntries")} className="grid gap-3">
      {log.map((entry) => (
        <li
          key={entry.seq}
          data-seq={entry.seq}
          className={cx(
            "rounded-xl border p-4 text-sm/6",
            brokenAt === entry.seq ? "border-red-700 bg-red-50" : "border-line bg-surface",
          )}
        >
          <p className="font-semibold">
            #{entry.seq} · {time(entry.at)} · {ACTION_LABELS[entry.action]} · {roleCopy[entry.role].label}
            {edited === entry.seq && <span className="ml-2 rounded-full bg-red-700 px-2 py-0.5 text-xs text-white">{words("playground.edited")}</span>}
          </p>
          <p className="mt-1 font-mono text-xs/5 wrap-anywhere text-text">
            <TokenText text={entry.detail} />
          </p>
          <p className="mt-1 font-mono text-xs/5 wrap-anywhere text-text-muted">
            hash {shortHash(entry.hash)} ← previous {shortHash(entry.prevHash)}
          </p>
        </li>
      ))}
    </ol>
  );
}
