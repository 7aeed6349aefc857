import { Link } from 'react-router';
import { BrandLink } from './brand';

const linkClass = 'text-sm text-slate-600 hover:text-indigo-700 dark:text-slate-400 dark:hover:text-indigo-300';

const GROUPS = [
  {
    title: 'Product',
    links: [
      { label: 'Features', href: '#features' },
      { label: 'How It Works', href: '#how-it-works' },
      { label: 'Pricing', href: '#pricing' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Contact', to: '/contact' },
      { label: 'FAQ', to: '/faq' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy', to: '/privacy' },
      { label: 'Terms', to: '/terms' },
    ],
  },
] as const;

/** The landing page's footer: Product, Company and Legal links. */
export function LandingFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/50">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr_1fr]">
        <div className="col-span-2 md:col-span-1">
          <BrandLink />
          <p className="mt-3 max-w-xs text-sm text-slate-600 dark:text-slate-400">
            Expense tracking, budgets and spending insights. Free to use, no credit card.
          </p>
        </div>
        {GROUPS.map((g) => (
          <nav key={g.title} aria-labelledby={`footer-${g.title.toLowerCase()}`}>
            <h2 id={`footer-${g.title.toLowerCase()}`} className="text-sm font-semibold text-slate-900 dark:text-white">
              {g.title}
            </h2>
            <ul className="mt-3 space-y-2">
              {g.links.map((l) => (
                <li key={l.label}>
                  {'href' in l ? (
                    <a href={l.href} className={linkClass}>
                      {l.label}
                    </a>
                  ) : (
                    <Link to={l.to} className={linkClass}>
                      {l.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
        © {new Date().getFullYear()} Ledgerly. All rights reserved.
      </p>
    </footer>
  );
}
