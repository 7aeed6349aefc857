import { BrandLink } from './brand';
import { HeaderActions } from './header-actions';

const SECTIONS = [
  { href: '#features', label: 'Features' },
  { href: '#how-it-works', label: 'How It Works' },
  { href: '#pricing', label: 'Pricing' },
] as const;

/** The landing page's top bar: in-page sections, Sign In, Get Started and the theme switch. */
export function LandingHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/85 backdrop-blur dark:border-slate-800 dark:bg-slate-950/85">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-2 px-3 sm:gap-x-4 sm:px-6">
        <BrandLink className="h-16" />
        <nav
          aria-label="Sections"
          className="order-last -mx-3 w-[calc(100%+1.5rem)] border-t border-slate-200/80 md:order-none md:mx-0 md:w-auto md:border-0 dark:border-slate-800"
        >
          <ul className="flex items-center justify-center gap-1 py-1.5 md:gap-2 md:py-0">
            {SECTIONS.map((s) => (
              <li key={s.href}>
                <a
                  href={s.href}
                  className="rounded-lg px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
                >
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-0.5 sm:gap-2">
          <HeaderActions />
        </div>
      </div>
    </header>
  );
}
