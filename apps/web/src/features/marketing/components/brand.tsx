import { Link } from 'react-router';

/** The product mark and name, linking home. */
export function BrandLink({ className = '' }: { className?: string }) {
  return (
    <Link to="/" className={`inline-flex shrink-0 items-center gap-1.5 rounded-lg sm:gap-2 ${className}`}>
      <span
        aria-hidden="true"
        className="flex h-7 w-7 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-600 to-emerald-600 text-sm font-black text-white shadow-sm sm:h-8 sm:w-8"
      >
        L
      </span>
      <span className="text-lg font-bold tracking-tight max-[359px]:sr-only sm:text-xl text-slate-900 dark:text-white">
        Ledgerly
      </span>
    </Link>
  );
}

const CTA_BASE = 'inline-flex items-center justify-center whitespace-nowrap rounded-lg font-semibold transition-colors';
const CTA_VARIANTS = {
  primary: 'bg-indigo-600 text-white shadow-sm hover:bg-indigo-700',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  light: 'bg-white text-indigo-700 shadow-sm hover:bg-indigo-50',
} as const;
const CTA_SIZES = {
  compact: 'px-2.5 py-2 text-sm sm:px-4',
  md: 'px-4 py-2 text-sm',
  lg: 'px-6 py-3 text-base',
} as const;

/** Classes of the call-to-action links of the public pages (one set per look, no clashing utilities). */
export function cta(variant: keyof typeof CTA_VARIANTS = 'primary', size: keyof typeof CTA_SIZES = 'md'): string {
  return `${CTA_BASE} ${CTA_VARIANTS[variant]} ${CTA_SIZES[size]}`;
}

export const textLink = 'font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';
