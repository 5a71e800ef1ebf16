import { useEffect, useRef } from "react";
import { words } from "../../content/interface-words.ts";

interface SuccessDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * 'Thanks! Your message has been sent.' as a native modal dialog: the page
 * behind is inert, focus moves to Close, Escape and a click on the backdrop
 * close it, and the caller puts focus back in the form.
 */
export function SuccessDialog({ open, onClose }: SuccessDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="lead-sent-title"
      aria-describedby="lead-sent-text"
      onClose={onClose}
      // The dialog box has no padding of its own, so a click that lands on the
      // <dialog> element itself is a click on the backdrop.
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-2xl bg-surface p-0 text-text shadow-2xl backdrop:bg-ink/70"
    >
      <div className="flex flex-col items-center gap-3 p-8 text-center">
        <h2 id="lead-sent-title" className="text-h3 font-semibold text-balance">
          {words("successDialog.heading")}
        </h2>
        <p id="lead-sent-text" className="text-base/7 text-text-muted">
          {words("successDialog.text")}
        </p>
        <button
          type="button"
          autoFocus
          onClick={() => dialog.current?.close()}
          className="mt-4 inline-flex h-11 items-center justify-center rounded-full bg-accent px-8 font-semibold text-white hover:bg-accent-strong"
        >
          {words("successDialog.close")}
        </button>
      </div>
    </dialog>
  );
}
