import type { ReactNode } from "react";
import { cx } from "../../lib/class-names.ts";

/** Every text control's look (its border meets 3:1 against white, WCAG 1.4.11); the caller adds width and height. */
export const inputClasses =
  "rounded-xl border border-slate-500 bg-surface px-4 text-base text-text placeholder:text-text-muted aria-invalid:border-red-700";

interface FieldProps {
  id: string;
  label: string;
  /** Shown after the label: "(optional)". */
  optional?: boolean;
  /** Guidance shown before any error, e.g. the phone format. */
  hint?: string;
  error?: string;
  className?: string;
  /** The control, given the ids that describe it and whether it is invalid. */
  children: (describedBy: string | undefined, invalid: boolean) => ReactNode;
}

/** A labelled form control with its hint and its error underneath, wired up with aria-describedby. */
export function FormField({ id, label, optional, hint, error, className, children }: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cx("flex flex-col gap-2", className)}>
      <label htmlFor={id} className="text-sm font-semibold text-text">
        {label}
        {optional && <span className="font-normal text-text-muted"> (optional)</span>}
      </label>
      {children(describedBy, Boolean(error))}
      {hint && (
        <p id={hintId} className="text-sm text-text-muted">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm font-medium text-red-700">
      {children}
    </p>
  );
}

interface TextFieldProps {
  id: string;
  /** The control's name in the form's data. */
  name: string;
  label: string;
  optional?: boolean;
  error?: string;
  type: "text" | "email";
  autoComplete: string;
  maxLength: number;
}

/** A one-line text or e-mail field, full width, as both forms draw theirs. */
export function TextField({ id, name, label, optional, error, type, autoComplete, maxLength }: TextFieldProps) {
  return (
    <FormField id={id} label={label} optional={optional} error={error}>
      {(describedBy, invalid) => (
        <input
          id={id}
          name={name}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          type={type}
          autoComplete={autoComplete}
          inputMode={type === "email" ? "email" : undefined}
          maxLength={maxLength}
          className={cx(inputClasses, "h-12 w-full")}
        />
      )}
    </FormField>
  );
}
