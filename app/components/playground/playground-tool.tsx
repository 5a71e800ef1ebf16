/**
 * The tokenization playground (PLAY-4 to PLAY-8), loaded as its own chunk
 * once the page is up. Everything happens in this component's memory: it
 * sends nothing, stores nothing, and a reload starts a new session with a new
 * key (PLAY-2).
 */
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { findingLabels, modeCopy, playgroundText as copy, roleCopy } from "../../content/playground-tool.ts";
import { append, tokensDetail, verify, withValuesTokenized, type AuditAction, type AuditLog, type Verification } from "../../lib/playground/audit-log.ts";
import { detect, MAX_SCAN_LENGTH, type Finding, type FindingType } from "../../lib/playground/detectors.ts";
import {
  approveGrant,
  askForGrant,
  decideReveal,
  grantActive,
  maskValue,
  ROLES,
  type Grant,
  type GrantRequest,
  type RevealDecision,
  type Role,
} from "../../lib/playground/policy.ts";
import { privateAiAnswer } from "../../lib/playground/private-ai.ts";
import { SAMPLE_TEXTS } from "../../lib/playground/sample-texts.ts";
import { Vault, type Tokenized, type TokenMode } from "../../lib/playground/tokens.ts";
import { cx } from "../../lib/class-names.ts";
import { inputClasses } from "../ui/form-field.tsx";
import { AuditLogView } from "./audit-log-view.tsx";
import { MarkedText, type Mark } from "./marked-text.tsx";
import { TokenText } from "./token-text.tsx";
import { words } from "../../content/interface-words.ts";

const MODES: readonly TokenMode[] = ["random", "deterministic"];

/** The visitor asks for grants; the second person who approves them is played by this page, and says so. */
const REQUESTER = "you";
const APPROVER = "data-protection-lead";
/** Long enough to read that someone else is deciding, short enough not to wait on. */
const APPROVAL_MS = 1_200;

const button =
  "inline-flex min-h-11 items-center justify-center rounded-full px-5 text-[0.9375rem] font-semibold disabled:cursor-not-allowed disabled:opacity-50";
const primaryButton = cx(button, "bg-accent text-white hover:bg-accent-strong");
const secondaryButton = cx(button, "border border-slate-500 bg-surface text-text hover:border-text");

/** "2 card numbers, 1 e-mail": the findings counted by type, in the order they first appear. */
export function describeFindings(findings: readonly Pick<Finding, "type">[]): string {
  const counts = new Map<string, number>();
  for (const { type } of findings) counts.set(findingLabels[type], (counts.get(findingLabels[type]) ?? 0) + 1);
  return [...counts].map(([label, count]) => `${count} × ${label}`).join(", ");
}

function Step({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-8">
      <h3 id={id} className="text-h3 font-semibold">
        {title}
      </h3>
      <div className="mt-5 grid gap-5">{children}</div>
    </section>
  );
}

interface Reveal {
  role: Role;
  decision: RevealDecision;
}

/** What a viewer with `decision` sees of a token's value. */
function shownFor(decision: RevealDecision, type: FindingType, value: string, token: string): string {
  if (decision.view === "full") return value;
  return decision.view === "masked" ? maskValue({ type, value }) : token;
}

/**
 * What a reveal came to: values shown, the masked view a role is meant to
 * have (the policy working, not a failure), or a refusal.
 */
type RevealOutcome = "allowed" | "masked" | "refused";
const revealOutcome = (decision: RevealDecision): RevealOutcome => (decision.allowed ? "allowed" : decision.view === "masked" ? "masked" : "refused");
const OUTCOME_LABEL: Readonly<Record<RevealOutcome, string>> = { allowed: words("playground.outcomes.allowed"), masked: words("playground.outcomes.masked"), refused: words("playground.outcomes.refused") };
const OUTCOME_STYLE: Readonly<Record<RevealOutcome, string>> = { allowed: "text-emerald-800", masked: "text-text", refused: "text-red-800" };

export default function Playground() {
  const ids = useId();
  // One vault, and so one session key, per visit to the page: state, not a ref, because rendering reads it.
  const [vault] = useState(() => new Vault());
  const [text, setText] = useState(SAMPLE_TEXTS[0]?.text ?? "");
  const scanned = useDeferredValue(text);
  const findings = useMemo(() => detect(scanned), [scanned]);
  const [tokenized, setTokenized] = useState<Record<TokenMode, Tokenized> | null>(null);
  const [carry, setCarry] = useState<TokenMode>("deterministic");
  const [role, setRole] = useState<Role>("privacy-officer");
  const [purpose, setPurpose] = useState("");
  const [reason, setReason] = useState("");
  const [grant, setGrant] = useState<Grant>();
  const [pendingGrant, setPendingGrant] = useState<GrantRequest | null>(null);
  const [grantRefusal, setGrantRefusal] = useState("");
  const whyField = useRef<HTMLInputElement>(null);
  const approvalTimer = useRef<number>(undefined);
  const [now, setNow] = useState(() => Date.now());
  const [reveal, setReveal] = useState<Reveal | null>(null);
  const [answer, setAnswer] = useState<{ text: string; role: Role; decision: RevealDecision } | null>(null);
  const [log, setLog] = useState<AuditLog>([]);
  const logRef = useRef<AuditLog>([]);
  // The head hash is kept apart from the log, as a real system keeps it elsewhere: dropping entries then shows too.
  const [head, setHead] = useState<string>();
  const [original, setOriginal] = useState<{ log: AuditLog; edited: number } | null>(null);
  const [toEdit, setToEdit] = useState(0);
  const [verification, setVerification] = useState<Verification | null>(null);
  const [status, setStatus] = useState("");
  const logQueue = useRef<Promise<unknown>>(Promise.resolve());

  const needsPurpose = role === "privacy-officer";
  const needsReason = role === "break-glass";
  const shownOutcome = reveal ? revealOutcome(reveal.decision) : undefined;
  const grantLive = grantActive(grant, role, now);
  const grantLeft = grant ? Math.max(0, Math.ceil((grant.expiresAt - now) / 1000)) : 0;

  // A grant counts down on screen, and what it showed is hidden again when it ends.
  useEffect(() => {
    if (!grant) return;
    const timer = window.setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (tick >= grant.expiresAt) {
        window.clearInterval(timer);
        setStatus(words("playground.grantExpiredHidden"));
        setReveal((shown) => (shown?.decision.view === "full" ? null : shown));
        setAnswer((shown) => (shown?.decision.view === "full" ? null : shown));
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [grant]);

  // A request still waiting for its approver is dropped with the page.
  useEffect(() => () => window.clearTimeout(approvalTimer.current), []);

  /** Appends to the log in order, even when two actions overlap; the head hash moves with it. */
  function record(action: AuditAction, detail: string, as: Role = role): Promise<void> {
    const at = Date.now();
    const next = logQueue.current.then(async () => {
      const appended = await append(logRef.current, { at, action, role: as, detail });
      logRef.current = appended;
      setLog(appended);
      setHead(appended.at(-1)?.hash);
      setVerification(null);
    });
    logQueue.current = next.catch(() => undefined);
    return next;
  }

  /** The log as shown and verified: an edit changes it without touching the head hash. */
  function showLog(shown: AuditLog) {
    logRef.current = shown;
    setLog(shown);
    setVerification(null);
  }

  function changeText(value: string) {
    setText(value);
    setTokenized(null);
    setReveal(null);
    setAnswer(null);
  }

  /** A view belongs to the role it was decided for: another role sees nothing of it until it asks for itself. */
  function changeRole(next: Role) {
    setRole(next);
    if (reveal || answer) setStatus(copy.roleChanged(roleCopy[next].label));
    withdrawRequest();
    setGrantRefusal("");
    setReveal(null);
    setAnswer(null);
  }

  async function tokenize() {
    const source = text;
    const found = detect(source);
    const both = {} as Record<TokenMode, Tokenized>;
    for (const mode of MODES) both[mode] = await vault.tokenize(source, found, mode);
    setTokenized(both);
    setReveal(null);
    setAnswer(null);
    for (const mode of MODES) await record("tokenize", `${mode} · ${tokensDetail(both[mode].replacements)}`);
    setStatus(words("playground.tokenizedStatus", { count: found.length }));
  }

  /** A grant needs the purpose (or reason) first; a privacy officer's then waits for a second person. */
  function requestGrant(at: number) {
    const asked = askForGrant(role, needsPurpose ? purpose : reason, REQUESTER, at);
    if ("refused" in asked) {
      setGrantRefusal(`${asked.refused}.`);
      setStatus(`${asked.refused}.`);
      whyField.current?.focus();
      return;
    }
    setGrantRefusal("");
    if ("grant" in asked) {
      issueGrant(asked.grant);
      return;
    }
    setPendingGrant(asked.pending);
    setStatus(copy.approvalPending);
    // The second person approves a moment later; a change of role withdraws the request first.
    approvalTimer.current = window.setTimeout(() => {
      setPendingGrant(null);
      const approved = approveGrant(asked.pending, APPROVER, Date.now());
      if ("refused" in approved) setStatus(`${approved.refused}.`);
      else issueGrant(approved);
    }, APPROVAL_MS);
  }

  function withdrawRequest() {
    window.clearTimeout(approvalTimer.current);
    setPendingGrant(null);
  }

  function issueGrant(issued: Grant) {
    setGrant(issued);
    setNow(issued.issuedAt);
    const [label, said] = issued.role === "break-glass" ? ["reason", copy.breakGlassOpened] : ["purpose", copy.approvedBy];
    setStatus(`${said} ${copy.grantLasts}`);
    void record(
      "grant",
      `${issued.approvedBy ? `approved by ${issued.approvedBy}, a second person` : "FLAGGED · opened without approval, for review"} · ${label}: ${withValuesTokenized(issued.why)} · 60 s`,
      issued.role,
    );
  }

  function decide(): RevealDecision {
    return decideReveal({ role, purpose, reason, grant, now: Date.now() });
  }

  /** The log line of a reveal or refusal: its outcome, the stated purpose or reason (with any value in it tokenized), and the tokens, never a value. */
  function revealDetail(decision: RevealDecision, what: string, tokens: string): string {
    const [label, stated] = role === "privacy-officer" ? ["purpose", purpose.trim()] : role === "break-glass" ? ["reason", reason.trim()] : ["", ""];
    const said = stated ? ` · ${label}: ${withValuesTokenized(stated)}` : "";
    return `${decision.flagged ? "FLAGGED · " : ""}${decision.reason}${said} · ${what} · ${tokens}`;
  }

  async function revealValues() {
    if (!tokenized) return;
    const decision = decide();
    const shown = tokenized[carry];
    setReveal({ role, decision });
    await record(decision.allowed ? "reveal" : "deny", revealDetail(decision, `${carry} text`, tokensDetail(shown.replacements)));
    const outcome = revealOutcome(decision);
    setStatus(
      outcome === "allowed"
        ? words("playground.revealedStatus", { count: shown.replacements.length, reason: decision.reason })
        : outcome === "masked"
          ? words("playground.maskedStatus", { reason: decision.reason })
          : words("playground.refusedStatus", { reason: decision.reason }),
    );
  }

  async function askModel() {
    if (!tokenized) return;
    const prompt = tokenized[carry];
    const text = privateAiAnswer(prompt.text, prompt.replacements);
    const decision = decide();
    setAnswer({ text, role, decision });
    const used = prompt.replacements.filter((item) => text.includes(item.token));
    await record(decision.allowed ? "reveal" : "deny", revealDetail(decision, "model answer", tokensDetail(used)));
    setStatus(`${words("playground.modelAnswered")} ${decision.allowed ? words("playground.valuesShown") : words("playground.valuesWithheld", { reason: decision.reason })}`);
  }

  async function verifyLog() {
    const result = await verify(log, head);
    setVerification(result);
    setStatus(result.ok ? words("playground.logVerifies", { count: log.length }) : words("playground.logFails", { entry: result.brokenAt }));
  }

  function editEntry() {
    const target = log[toEdit];
    if (!target) return;
    // The kind of edit an insider would make: hide who looked, keep everything else, leave the hash as it was.
    const forged = { ...target, role: target.role === "analyst" ? ("support-agent" as const) : ("analyst" as const) };
    setOriginal((kept) => ({ log: kept?.log ?? log, edited: toEdit }));
    showLog(log.map((entry, index) => (index === toEdit ? forged : entry)));
    setStatus(words("playground.tamperedStatus", { entry: toEdit, role: roleCopy[forged.role].label.toLowerCase() }));
  }

  function undoEdit() {
    if (!original) return;
    showLog(original.log);
    setOriginal(null);
    setStatus(words("playground.editUndone"));
  }

  const originalMarks: Mark[] = findings.map((finding) => ({ ...finding, shown: finding.value }));
  const tokenMarks = (mode: TokenMode): Mark[] => tokenized?.[mode].replacements.map((item) => ({ ...item, shown: item.token })) ?? [];
  const revealedMarks: Mark[] =
    tokenized && reveal
      ? tokenized[carry].replacements.map((item) => {
          const value = vault.reveal(item.token) ?? item.token;
          return { ...item, shown: shownFor(reveal.decision, item.type, value, item.token) };
        })
      : [];
  const answerSeen = answer
    ? vault.replaceTokens(answer.text, (subject, token) => shownFor(answer.decision, subject.type, subject.value, token))
    : "";

  return (
    <div className="grid gap-6" data-playground="ready">
      <p role="status" className="sr-only" data-playground-status>
        {status}
      </p>

      <Step id={`${ids}-input`} title={copy.step1}>
        <div role="group" aria-label={copy.samplesLabel} className="flex flex-wrap gap-2">
          <p className="w-full text-sm/6 text-text-muted">{copy.samplesLabel}</p>
          {SAMPLE_TEXTS.map((sample) => (
            <button key={sample.id} type="button" className={secondaryButton} aria-pressed={text === sample.text} onClick={() => changeText(sample.text)}>
              {sample.title}
            </button>
          ))}
        </div>
        <div className="grid gap-2">
          <label htmlFor={`${ids}-text`} className="font-semibold">
            {copy.textLabel}
          </label>
          <p id={`${ids}-text-hint`} className="text-sm/6 text-text-muted">
            {copy.textHint}
          </p>
          <textarea
            id={`${ids}-text`}
            aria-describedby={`${ids}-text-hint`}
            value={text}
            maxLength={MAX_SCAN_LENGTH}
            rows={7}
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => changeText(event.target.value)}
            className={cx(inputClasses, "w-full py-3 font-mono text-sm/6")}
          />
          {/* The box takes no more than the detectors scan; a longer paste is cut by the browser without a word, so this says it. */}
          <p role="status" data-text-limit className="text-sm/6 font-semibold">
            {text.length >= MAX_SCAN_LENGTH ? copy.textAtLimit : ""}
          </p>
        </div>
        <div className="grid gap-2">
          <p className="font-semibold" id={`${ids}-found`}>
            {copy.found}: <span data-found-summary>{findings.length === 0 ? copy.nothingFound : describeFindings(findings)}</span>
          </p>
          {findings.length > 0 && <MarkedText text={scanned} marks={originalMarks} label={copy.found} name="original" />}
        </div>
      </Step>

      <Step id={`${ids}-tokenize`} title={copy.step2}>
        {/* The choice comes before the button: it decides what steps 3 and 5 work on. */}
        <ChoiceCards
          legend={copy.carryLabel}
          name={`${ids}-carry`}
          options={MODES.map((mode) => ({ value: mode, title: modeCopy[mode].label, note: modeCopy[mode].note }))}
          chosen={carry}
          choose={setCarry}
        />
        <div>
          <button type="button" className={primaryButton} disabled={findings.length === 0} onClick={() => void tokenize()} data-action="tokenize">
            {copy.tokenize}
          </button>
        </div>
        {tokenized && (
          <div className="grid gap-4 lg:grid-cols-2">
            {MODES.map((mode) => (
              <div key={mode} className="grid content-start gap-2">
                <p className="text-sm/6 font-semibold">
                  {modeCopy[mode].label}
                  {carry === mode && <span className="font-normal text-text-muted"> · {copy.carried}</span>}
                </p>
                <MarkedText text={tokenized[mode].text} marks={tokenMarks(mode)} label={modeCopy[mode].label} name={mode} />
              </div>
            ))}
          </div>
        )}
      </Step>

      <Step id={`${ids}-reveal`} title={copy.step3}>
        <ChoiceCards
          legend={copy.roleLabel}
          name={`${ids}-role`}
          options={ROLES.map((option) => ({ value: option, title: roleCopy[option].label, note: roleCopy[option].sees }))}
          chosen={role}
          choose={changeRole}
        />
        {(needsPurpose || needsReason) && (
          <div className="grid gap-2">
            <label htmlFor={`${ids}-why`} className="font-semibold">
              {needsPurpose ? copy.purposeLabel : copy.reasonLabel}
            </label>
            <p id={`${ids}-why-hint`} className="text-sm/6 text-text-muted">
              {needsPurpose ? copy.purposeHint : copy.reasonHint}
            </p>
            <input
              id={`${ids}-why`}
              ref={whyField}
              data-field="why"
              aria-describedby={`${ids}-why-hint${grantRefusal ? ` ${ids}-why-error` : ""}`}
              aria-invalid={grantRefusal ? true : undefined}
              value={needsPurpose ? purpose : reason}
              maxLength={200}
              autoComplete="off"
              onChange={(event) => {
                (needsPurpose ? setPurpose : setReason)(event.target.value);
                setGrantRefusal("");
              }}
              className={cx(inputClasses, "h-12 w-full")}
            />
            {grantRefusal && (
              <p id={`${ids}-why-error`} data-grant-refusal className="text-sm/6 font-semibold text-red-800">
                {grantRefusal}
              </p>
            )}
          </div>
        )}
        <div className="flex flex-wrap items-center gap-3">
          {(needsPurpose || needsReason) && (
            <button type="button" className={secondaryButton} onClick={() => requestGrant(Date.now())} disabled={pendingGrant !== null} data-action="grant">
              {copy.requestGrant}
            </button>
          )}
          <button type="button" className={primaryButton} disabled={!tokenized} onClick={() => void revealValues()} data-action="reveal">
            {copy.reveal}
          </button>
          <p className="text-sm/6" data-grant>
            {grant?.role === role ? (grantLive ? words("playground.grantActive", { seconds: grantLeft }) : words("playground.grantExpired")) : (needsPurpose || needsReason) && words("playground.noGrant")}
          </p>
        </div>
        {pendingGrant ? (
          <p className="text-sm/6" data-approval="pending">
            {copy.approvalPending}
          </p>
        ) : (
          grant?.role === role && (
            <p className="text-sm/6" data-approval={grant.approvedBy ? "approved" : "break-glass"}>
              {grant.approvedBy ? copy.approvedBy : copy.breakGlassOpened} {copy.grantCovers(grant.why)}
            </p>
          )
        )}
        {!tokenized && <p className="text-sm/6 text-text-muted">{words("playground.tokenizeFirst")}</p>}
        {tokenized && reveal && shownOutcome && (
          <div className="grid gap-2" data-reveal={shownOutcome}>
            <p className={cx("text-sm/6 font-semibold", OUTCOME_STYLE[shownOutcome])}>
              {OUTCOME_LABEL[shownOutcome]}: {reveal.decision.reason}
              {reveal.decision.flagged && " (flagged for review)"}
            </p>
            <MarkedText text={tokenized[carry].text} marks={revealedMarks} label={words("playground.roleSees", { role: roleCopy[reveal.role].label.toLowerCase() })} name="revealed" />
          </div>
        )}
      </Step>

      <Step id={`${ids}-audit`} title={copy.step4}>
        <div className="flex flex-wrap items-end gap-3">
          <button type="button" className={primaryButton} disabled={log.length === 0} onClick={() => void verifyLog()} data-action="verify">
            {copy.verify}
          </button>
          <div className="grid gap-1">
            <label htmlFor={`${ids}-edit`} className="text-sm/6 font-semibold">
              {copy.tamperLabel}
            </label>
            <select
              id={`${ids}-edit`}
              value={toEdit}
              disabled={log.length === 0}
              onChange={(event) => setToEdit(Number(event.target.value))}
              className={cx(inputClasses, "h-11 pr-8")}
            >
              {log.map((entry) => (
                <option key={entry.seq} value={entry.seq}>
                  #{entry.seq}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className={secondaryButton} disabled={!log[toEdit]} onClick={editEntry} data-action="edit">
            {copy.tamper}
          </button>
          {original && (
            <button type="button" className={secondaryButton} onClick={undoEdit}>
              {copy.restore}
            </button>
          )}
        </div>
        {verification && (
          <p data-verification={verification.ok ? "ok" : "broken"} className={cx("rounded-xl p-4 text-sm/6 font-semibold", verification.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900")}>
            {verification.ok
              ? words("playground.verified", { count: log.length, head: head?.slice(0, 12) ?? "" })
              : words("playground.tampered", { entry: verification.brokenAt })}
          </p>
        )}
        <AuditLogView log={log} brokenAt={verification && !verification.ok ? verification.brokenAt : undefined} edited={original?.edited} />
      </Step>

      <Step id={`${ids}-ai`} title={copy.step5}>
        <p className="text-sm/6 text-text-muted">{copy.standInNote}</p>
        <div>
          <button type="button" className={primaryButton} disabled={!tokenized} onClick={() => void askModel()} data-action="ask">
            {copy.askModel}
          </button>
        </div>
        {tokenized && answer && (
          <div className="grid gap-4 lg:grid-cols-3">
            <AiPanel title={copy.promptLabel} name="prompt">
              {tokenized[carry].text}
            </AiPanel>
            <AiPanel title={copy.answerLabel} name="answer">
              {answer.text}
            </AiPanel>
            <AiPanel title={`${copy.answerSeenLabel} (${roleCopy[answer.role].label.toLowerCase()})`} name="answer-seen">
              {answerSeen}
            </AiPanel>
          </div>
        )}
      </Step>
    </div>
  );
}

/** A choice among a few options, each a card with its title and a line on what it means; the chosen one is outlined. */
function ChoiceCards<Value extends string>({
  legend,
  name,
  options,
  chosen,
  choose,
}: {
  legend: string;
  name: string;
  options: readonly { value: Value; title: string; note: string }[];
  chosen: Value;
  choose: (value: Value) => void;
}) {
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-3 text-sm/6 font-semibold">{legend}</legend>
      {options.map(({ value, title, note }) => (
        <label key={value} className={cx("flex gap-3 rounded-xl border p-4", chosen === value ? "border-accent bg-indigo-50" : "border-line")}>
          <input type="radio" name={name} value={value} checked={chosen === value} onChange={() => choose(value)} className="mt-1 size-5 shrink-0 accent-accent" />
          <span>
            <span className="block font-semibold">{title}</span>
            <span className="block text-sm/6 text-text-muted">{note}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function AiPanel({ title, name, children }: { title: string; name: string; children: string }) {
  return (
    <div className="grid content-start gap-2">
      <p className="text-sm/6 font-semibold">{title}</p>
      <p data-ai={name} className="rounded-xl border border-line bg-surface-muted p-4 font-mono text-sm/6 wrap-break-word whitespace-pre-wrap">
        <TokenText text={children} />
      </p>
    </div>
  );
}
