/** The share link of a run, with a Copy button. */
import { useState } from 'preact/hooks';

export function ShareBox({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div class="sharebox">
      <label>
        Replay link
        <input
          readOnly
          value={link}
          onFocus={(e) => (e.target as HTMLInputElement).select()}
          data-testid="share-link"
        />
      </label>
      <button
        class="btn small"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(link);
            setCopied(true);
          } catch {
            setCopied(false);
          }
        }}
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}
