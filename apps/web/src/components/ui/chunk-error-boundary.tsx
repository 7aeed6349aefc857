import { Component, type ErrorInfo, type ReactNode } from 'react';

const RELOADED_KEY = 'ledgerly-chunk-reload';

/** A failed download of a code-split part (the browser's wording differs). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|ChunkLoadError|Failed to fetch/i.test(
    message,
  );
}

function reloadOnce(): void {
  // One reload per tab: if the new version's part fails too, show the message instead of looping.
  if (sessionStorage.getItem(RELOADED_KEY)) return;
  sessionStorage.setItem(RELOADED_KEY, '1');
  window.location.reload();
}

/**
 * Around code-split parts (tabs, public pages). After a new version is deployed, a tab opened
 * before it asks for files that no longer exist: instead of a blank page it reloads once, which
 * brings the new version; any other failure shows a message with a Reload button.
 */
export class ChunkErrorBoundary extends Component<
  { children: ReactNode; onChunkError?: () => void },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    if (isChunkLoadError(error)) (this.props.onChunkError ?? reloadOnce)();
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div
        role="alert"
        className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
      >
        <p className="font-semibold">This part of Ledgerly could not be loaded.</p>
        <p className="mt-1 text-sm">A new version may have been installed, or the connection dropped.</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-3 rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800"
        >
          Reload
        </button>
      </div>
    );
  }
}
