import { Link } from 'react-router';
import { cta } from './brand';
import { PageIntro, PublicLayout } from './public-layout';
import { Emoji } from '../../../components/ui/emoji';

const VALUES = [
  {
    icon: '🔒',
    title: 'Privacy first',
    text: 'Your finances are yours. Data is encrypted in transit and at rest, never sold, and deleted when you ask, or at once by yourself in Settings.',
  },
  {
    icon: '✨',
    title: 'Clarity over complexity',
    text: 'A few well-made tools (categories, budgets, recurring entries and reports) instead of a cockpit of settings.',
  },
  {
    icon: '🤝',
    title: 'Free for everyone',
    text: 'Good money habits should not depend on a subscription. Ledgerly is free to use, with no credit card.',
  },
  {
    icon: '🏠',
    title: 'Yours to run',
    text: 'Ledgerly can be self-hosted on your own server, with your data in your own database.',
  },
] as const;

const MILESTONES = [
  {
    when: 'The beginning',
    title: 'A spreadsheet that got out of hand',
    text: 'Ledgerly started as a personal tool to replace a tangle of monthly spreadsheets.',
  },
  {
    when: 'Launch',
    title: 'Transactions, categories and a dashboard',
    text: 'The first public version: quick entry, smart categories and charts of where the money goes.',
  },
  {
    when: 'Growing up',
    title: 'Budgets with alerts',
    text: 'Monthly and yearly limits per category, with warnings before a budget runs out.',
  },
  {
    when: 'Automation',
    title: 'Recurring templates and PDF reports',
    text: 'Regular income and bills are added automatically; any period can be exported as a report.',
  },
  {
    when: 'Imports',
    title: 'Statement import',
    text: 'Bank statements come in as CSV, OFX, QIF or CAMT files: each row gets a category, and rows already recorded are caught, not doubled.',
  },
  {
    when: 'Today',
    title: 'Your data in your hands',
    text: 'Export everything or delete your account yourself in Settings, protect sign-in with two-factor codes, and read your figures offline.',
  },
] as const;

export function AboutPage() {
  return (
    <PublicLayout>
      <PageIntro eyebrow="Our story" title="About Ledgerly">
        <p>
          We build a simple, honest way for individuals and solo business owners to see where their money goes and to
          keep it going where they want.
        </p>
      </PageIntro>

      <section aria-labelledby="values-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="values-title" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
          What we value
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((v) => (
            <li
              key={v.title}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <span aria-hidden="true" className="text-3xl">
                <Emoji emoji={v.icon} />
              </span>
              <h3 className="mt-3 font-semibold">{v.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{v.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="milestones-title" className="bg-slate-50 py-16 dark:bg-slate-900/50">
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <h2 id="milestones-title" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
            Milestones
          </h2>
          <ol className="mt-10 space-y-8 border-l-2 border-indigo-200 pl-6 dark:border-indigo-900">
            {MILESTONES.map((m) => (
              <li key={m.title} className="relative">
                <span
                  aria-hidden="true"
                  className="absolute top-1 -left-[33px] h-4 w-4 rounded-full border-4 border-white bg-indigo-600 dark:border-slate-950"
                />
                <p className="text-xs font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">
                  {m.when}
                </p>
                <h3 className="mt-1 font-semibold">{m.title}</h3>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{m.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="about-cta" className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
        <h2 id="about-cta" className="text-2xl font-bold tracking-tight">
          Come along
        </h2>
        <p className="mt-3 text-slate-600 dark:text-slate-300">
          Start tracking today, or tell us what would make Ledgerly better for you.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/register" className={cta()}>
            Create Free Account
          </Link>
          <Link to="/contact" className={cta('secondary')}>
            Contact Us
          </Link>
        </div>
      </section>
    </PublicLayout>
  );
}
