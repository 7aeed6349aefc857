import { useCallback, useEffect, useState } from 'react';
import { BANNER_MS } from '@ledgerly/shared';
import { errorMessage } from '../../lib/error-message';

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
  /**
   * Runs an action and reports how it went: `success` when it resolves, else the server's
   * message or `fallback`. Never throws; answers whether the action succeeded.
   */
  run: (action: () => Promise<unknown>, success: string, fallback: string) => Promise<boolean>;
}

/**
 * A value shown for 3000 ms, as the spec asks for messages. Each `show` stores a fresh box, so
 * showing an equal value again restarts the clock; `show(null)` hides it at once.
 */
export function useTimedValue<T>(): [T | null, (value: T | null) => void] {
  const [shown, setShown] = useState<{ value: T } | null>(null);
  useEffect(() => {
    if (!shown) return;
    const t = setTimeout(() => setShown(null), BANNER_MS);
    return () => clearTimeout(t);
  }, [shown]);
  const show = useCallback((value: T | null) => setShown(value === null ? null : { value }), []);
  return [shown ? shown.value : null, show];
}

/** A message that vanishes after 3000 ms; each new message gets the full time. */
export const useTimedMessage = (): [string | null, (text: string | null) => void] => useTimedValue<string>();

/** Success and error messages that vanish after 3000 ms, as the spec asks. */
export function useFlash(): Flash {
  const [success, setSuccess] = useTimedMessage();
  const [error, setError] = useTimedMessage();
  const showSuccess = (m: string) => {
    setError(null);
    setSuccess(m);
  };
  const showError = (m: string) => {
    setSuccess(null);
    setError(m);
  };
  return {
    success,
    error,
    showSuccess,
    showError,
    clear: () => {
      setSuccess(null);
      setError(null);
    },
    run: async (action, message, fallback) => {
      try {
        await action();
        showSuccess(message);
        return true;
      } catch (failure) {
        showError(errorMessage(failure, fallback));
        return false;
      }
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
