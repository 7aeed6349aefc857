import { useEffect, useState } from 'react';
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

/** Success and error messages that vanish after 3000 ms, as the spec asks. */
export function useFlash(): Flash {
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!success) return;
    const t = setTimeout(() => setSuccess(null), BANNER_MS);
    return () => clearTimeout(t);
  }, [success]);
  useEffect(() => {
    if (!error) return;
    const t = setTimeout(() => setError(null), BANNER_MS);
    return () => clearTimeout(t);
  }, [error]);
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
