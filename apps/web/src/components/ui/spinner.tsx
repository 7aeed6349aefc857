export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-8 text-slate-600 dark:text-slate-300">
      <span
        aria-hidden="true"
        className="h-6 w-6 animate-spin rounded-full border-2 border-indigo-600 border-t-transparent"
      />
      <span>{label}</span>
    </div>
  );
}

/** The full-screen 'Loading...' shown while the authentication state loads. */
export function FullScreenLoading() {
  return (
    <div className="fixed inset-0 flex items-center justify-center bg-slate-50 dark:bg-slate-950">
      <Spinner label="Loading..." />
    </div>
  );
}
