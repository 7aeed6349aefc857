import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ThemeToggle } from '../../theme/theme-toggle';
import { MAIN_ID, SkipLink } from '../../../components/ui/skip-link';
import { usePageTitle } from '../../../lib/use-page-title';

/** The frame of the sign-in and sign-up pages; `footer` is the link to the other one. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-br from-indigo-50 via-white to-emerald-50 dark:from-slate-950 dark:via-slate-950 dark:to-slate-900">
      <SkipLink />
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Link to="/" className="text-xl font-bold text-indigo-600 dark:text-indigo-400">
          Ledgerly
        </Link>
        <ThemeToggle />
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="flex flex-1 items-center justify-center px-4 pb-12 outline-none">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-xl dark:border-slate-800 dark:bg-slate-900">
          <h1 className="text-center text-2xl font-bold">{title}</h1>
          <p className="mt-1 text-center text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>
          <div className="mt-6">{children}</div>
          <div className="mt-6 space-y-2 text-center text-sm text-slate-600 dark:text-slate-400">
            <p>{footer}</p>
            <p>
              <Link to="/" className="hover:underline">
                Back to home
              </Link>
            </p>
          </div>
        </div>
      </main>
    </div>
  );
}
