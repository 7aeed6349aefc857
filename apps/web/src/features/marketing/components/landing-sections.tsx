import { Link } from 'react-router';
import { cta } from './brand';
import { Emoji } from '../../../components/ui/emoji';

const FEATURES = [
  {
    icon: '📊',
    title: 'Visual Analytics',
    text: 'Clear charts show where your money goes: spending by category, daily and monthly trends, and your balance over time.',
    tint: 'bg-indigo-50 dark:bg-indigo-950/60',
  },
  {
    icon: '🏷️',
    title: 'Smart Categories',
    text: 'Start with a ready-made set of income and expense categories, or create your own with colours and icons.',
    tint: 'bg-emerald-50 dark:bg-emerald-950/60',
  },
  {
    icon: '🎯',
    title: 'Budget Goals',
    text: 'Set monthly or yearly limits per category and get alerts as you approach them, long before the money runs out.',
    tint: 'bg-amber-50 dark:bg-amber-950/60',
  },
] as const;

const STEPS = [
  { title: 'Create Account', text: 'Sign up free in under a minute. No credit card, no trial that runs out.' },
  {
    title: 'Track Expenses',
    text: 'Add income and expenses as they happen, attach receipts, let recurring templates handle regular bills, or import your bank statement.',
  },
  {
    title: 'Get Insights',
    text: 'Your dashboard fills with charts, budgets and trends that show where you can save.',
  },
] as const;

const INCLUDED = [
  'Unlimited transactions and categories',
  'Budgets with warnings and alerts',
  'Recurring income and expense templates',
  'Statement import: CSV, OFX, QIF and CAMT',
  'Dashboard analytics and PDF reports',
  'Two-factor sign-in, export and deletion in Settings',
  'Works offline with what was last loaded',
] as const;

function SectionHeading({ eyebrow, title, text, id }: { eyebrow: string; title: string; text: string; id: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-slate-600 dark:text-slate-300">{text}</p>
    </div>
  );
}

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-28 pt-20 pb-16 sm:pt-24 sm:pb-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything you need to stay on top of your money"
          text="Simple enough for everyday spending, thorough enough for a one-person business."
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {FEATURES.map((f) => (
            <li
              key={f.title}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
            >
              <span
                aria-hidden="true"
                className={`flex h-12 w-12 items-center justify-center rounded-xl text-2xl ${f.tint}`}
              >
                <Emoji emoji={f.icon} />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{f.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{f.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function HowItWorksSection() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-title"
      className="scroll-mt-28 bg-slate-50 py-20 sm:py-24 dark:bg-slate-900/50"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="how-title"
          eyebrow="How it works"
          title="Up and running in three steps"
          text="No spreadsheets, no setup wizard. Just start."
        />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map((s, i) => (
            <li
              key={s.title}
              className="relative rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
            >
              <span
                aria-hidden="true"
                className="flex h-10 w-10 items-center justify-center rounded-full bg-gradient-to-br from-indigo-600 to-emerald-600 font-bold text-white"
              >
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold">{s.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{s.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-28 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Free. Really."
          text="Every feature, for everyone. No credit card, no hidden plan."
        />
        <div className="mx-auto mt-12 max-w-md rounded-2xl border-2 border-indigo-600 bg-white p-8 shadow-xl shadow-indigo-500/10 dark:bg-slate-900">
          <p className="text-sm font-semibold text-indigo-700 dark:text-indigo-300">Personal</p>
          <p className="mt-2 flex items-baseline gap-2">
            <span className="text-5xl font-extrabold tracking-tight">$0</span>
            <span className="text-slate-600 dark:text-slate-400">forever</span>
          </p>
          <ul className="mt-6 space-y-3 text-sm">
            {INCLUDED.map((item) => (
              <li key={item} className="flex gap-2">
                <span aria-hidden="true" className="font-bold text-emerald-700 dark:text-emerald-400">
                  ✓
                </span>
                {item}
              </li>
            ))}
          </ul>
          <Link to="/register" className={`${cta()} mt-8 w-full`}>
            Get Started Free
          </Link>
          <p className="mt-3 text-center text-xs text-slate-600 dark:text-slate-400">No credit card required</p>
        </div>
      </div>
    </section>
  );
}

export function CallToAction() {
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-20 sm:px-6 sm:pb-24">
      <div className="mx-auto max-w-5xl rounded-3xl bg-gradient-to-br from-indigo-700 via-indigo-600 to-emerald-700 px-6 py-14 text-center text-white shadow-xl sm:px-12">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Ready to take control of your money?
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-indigo-50">
          Create your free account and see where your money goes, starting today.
        </p>
        <Link to="/register" className={`${cta('light', 'lg')} mt-8`}>
          Create Free Account
        </Link>
      </div>
    </section>
  );
}
