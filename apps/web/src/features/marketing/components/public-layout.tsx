import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandLink } from './brand';
import { HeaderActions } from './header-actions';
import { MAIN_ID, SkipLink } from '../../../components/ui/skip-link';
import { usePageTitle } from '../../../lib/use-page-title';

/** Header shared by the FAQ, About, Contact, Privacy and Terms pages. */
function PublicHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/85 backdrop-blur dark:border-slate-800 dark:bg-slate-950/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:px-6">
        <BrandLink />
        <nav aria-label="Account" className="flex items-center gap-0.5 sm:gap-2">
          <HeaderActions />
        </nav>
      </div>
    </header>
  );
}

const footerLink = 'text-sm text-slate-600 hover:text-indigo-700 dark:text-slate-400 dark:hover:text-indigo-300';

/** Footer shared by the public info pages: Explore and Legal links. */
function PublicFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-[2fr_1fr_1fr] sm:px-6">
        <div>
          <BrandLink />
          <p className="mt-3 max-w-xs text-sm text-slate-600 dark:text-slate-400">
            Free, private income and expense tracking for individuals and solo business owners.
          </p>
        </div>
        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore" className="text-sm font-semibold text-slate-900 dark:text-white">
            Explore
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to="/faq" className={footerLink}>
                FAQ
              </Link>
            </li>
            <li>
              <Link to="/about" className={footerLink}>
                About
              </Link>
            </li>
            <li>
              <Link to="/contact" className={footerLink}>
                Contact
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="text-sm font-semibold text-slate-900 dark:text-white">
            Legal
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to="/privacy" className={footerLink}>
                Privacy
              </Link>
            </li>
            <li>
              <Link to="/terms" className={footerLink}>
                Terms
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
        © {new Date().getFullYear()} Ledgerly. Free to use, no credit card required.
      </p>
    </footer>
  );
}

/** The frame of every public info page: shared header, the page's content, shared footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SkipLink />
      <PublicHeader />
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}

/** The opening of an info page: a small label, the page's one h1 and an introduction. */
export function PageIntro({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="border-b border-slate-200 bg-gradient-to-br from-indigo-50 via-white to-emerald-50 dark:border-slate-800 dark:from-indigo-950/40 dark:via-slate-950 dark:to-emerald-950/30">
      <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6 sm:py-20">
        <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">{eyebrow}</p>
        <h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        {children && (
          <div className="mx-auto mt-4 max-w-2xl text-base text-slate-600 sm:text-lg dark:text-slate-300">
            {children}
          </div>
        )}
      </div>
    </div>
  );
}
