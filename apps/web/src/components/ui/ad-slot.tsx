/** Ad network client id, set at build time; without one every slot is a neutral placeholder. */
const AD_CLIENT = import.meta.env.VITE_AD_CLIENT as string | undefined;

export type AdPlacement = 'sidebar' | 'top' | 'bottom' | 'landing';

/**
 * A banner ad slot. The app ships no ad script (the CSP allows none); with VITE_AD_CLIENT set,
 * the slot carries the data attributes an ad network's loader fills in.
 */
export function AdSlot({ placement, className = '' }: { placement: AdPlacement; className?: string }) {
  const tall = placement === 'sidebar';
  return (
    <div
      data-ad-slot={placement}
      data-ad-client={AD_CLIENT || undefined}
      className={`flex items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-100 text-xs text-slate-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400 ${tall ? 'h-60' : 'h-16'} ${className}`}
    >
      <span className={AD_CLIENT ? 'sr-only' : undefined}>Advertisement</span>
    </div>
  );
}
