import { useCallback, useEffect, useState } from 'react';
import { BANNER_MS } from '@ledgerly/shared';

/** A success or error message strip. Errors are announced assertively, successes politely. */
export function Banner({
  kind,
  message,
  onDismiss,
}: {
  kind: 'success' | 'error';
  message: string;
  onDismiss?: () => void;
}) {
  const styles =
    kind === 'success'
      ? 'border-green-300 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200'
      : 'border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200';
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={`flex items-start justify-between gap-3 rounded-lg border px-4 py-3 text-sm ${styles}`}
    >
      <span>{message}</span>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss message"
          className="shrink-0 rounded px-1 leading-none opacity-70 hover:opacity-100"
        >
          ×
        </button>
      )}
    </div>
  );
}

export interface Flash {
  success: string | null;
  error: string | null;
  showSuccess: (message: string) => void;
  showError: (message: string) => void;
  clear: () => void;
}

/** One shown message; a fresh object each time, so showing the same text again restarts its clock. */
interface Shown {
  text: string;
}

/** A message that vanishes after 3000 ms, as the spec asks; each new message gets the full time. */
export function useTimedMessage(): [string | null, (text: string | null) => void] {
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(() => {
    if (!shown) return;
    const t = setTimeout(() => setShown(null), BANNER_MS);
    return () => clearTimeout(t);
  }, [shown]);
  const show = useCallback((text: string | null) => setShown(text ? { text } : null), []);
  return [shown?.text ?? null, show];
}

/** Success and error messages that vanish after 3000 ms, as the spec asks. */
export function useFlash(): Flash {
  const [success, setSuccess] = useTimedMessage();
  const [error, setError] = useTimedMessage();
  return {
    success,
    error,
    showSuccess: (m) => {
      setError(null);
      setSuccess(m);
    },
    showError: (m) => {
      setSuccess(null);
      setError(m);
    },
    clear: () => {
      setSuccess(null);
      setError(null);
    },
  };
}

/** Renders the current flash messages, if any. */
export function FlashBanners({ flash }: { flash: Flash }) {
  if (!flash.success && !flash.error) return null;
  return (
    <div className="space-y-2">
      {flash.success && <Banner kind="success" message={flash.success} />}
      {flash.error && <Banner kind="error" message={flash.error} />}
    </div>
  );
}
