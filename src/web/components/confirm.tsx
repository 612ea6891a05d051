/** "Are you sure?" before anything a player did is thrown away: a small modal dialog. */
import { useEffect, useRef } from 'preact/hooks';

/** What to ask, and what to do on yes. */
export interface Ask {
  question: string;
  detail: string;
  yes: string;
  onYes: () => void;
}

export function ConfirmDialog({ ask, onClose }: { ask: Ask; onClose: () => void }) {
  const no = useRef<HTMLButtonElement>(null);
  // The safe answer has the focus, and focus goes back where it was when the dialog closes.
  useEffect(() => {
    const before = document.activeElement;
    no.current?.focus();
    return () => {
      if (before instanceof HTMLElement) before.focus();
    };
  }, []);
  return (
    <div class="overlay" onClick={onClose}>
      <div
        class="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-detail"
        data-testid="confirm"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
      >
        <h2 id="confirm-title">{ask.question}</h2>
        <p id="confirm-detail">{ask.detail}</p>
        <div class="row">
          <button ref={no} class="btn primary" onClick={onClose} data-testid="confirm-no">
            Keep it
          </button>
          <button
            class="btn danger"
            data-testid="confirm-yes"
            onClick={() => {
              onClose();
              ask.onYes();
            }}
          >
            {ask.yes}
          </button>
        </div>
      </div>
    </div>
  );
}
