import { Link } from 'react-router';
import { AdSlot } from '../../../components/ui/ad-slot';
import { MAIN_ID, SkipLink } from '../../../components/ui/skip-link';
import { usePageTitle } from '../../../lib/use-page-title';
import { cta } from './brand';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { CallToAction, FeaturesSection, HowItWorksSection, PricingSection } from './landing-sections';
import { SampleCard } from './sample-card';

const PERKS = ['Free forever', 'No credit card', 'Private by design'] as const;

function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-32 -left-32 h-[28rem] w-[28rem] rounded-full bg-indigo-200/50 blur-3xl dark:bg-indigo-700/20" />
        <div className="absolute top-24 -right-32 h-[26rem] w-[26rem] rounded-full bg-emerald-200/40 blur-3xl dark:bg-emerald-700/15" />
      </div>
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-white/70 px-3 py-1 text-xs font-semibold text-indigo-700 dark:border-indigo-900 dark:bg-slate-900/70 dark:text-indigo-300">
            <span aria-hidden="true">✨</span> Free personal finance tracker
          </p>
          <h1 id="hero-title" className="mt-5 text-4xl font-extrabold tracking-tight sm:text-6xl">
            Take control of{' '}
            <span className="bg-gradient-to-r from-indigo-600 to-emerald-600 bg-clip-text text-transparent dark:from-indigo-400 dark:to-emerald-400">
              your money
            </span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg text-slate-600 lg:mx-0 dark:text-slate-300">
            Expense tracking, budgets and spending insights in one calm, private place. Record income and expenses in
            seconds, set limits that warn you before you overspend, and see exactly where your money goes.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <Link to="/register" className={cta('primary', 'lg')}>
              Start Free Today
            </Link>
            <Link to="/login" className={cta('secondary', 'lg')}>
              Sign In
            </Link>
          </div>
          <ul className="mt-6 flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm text-slate-600 lg:justify-start dark:text-slate-400">
            {PERKS.map((p) => (
              <li key={p} className="flex items-center gap-1.5">
                <span aria-hidden="true" className="font-bold text-emerald-700 dark:text-emerald-400">
                  ✓
                </span>
                {p}
              </li>
            ))}
          </ul>
        </div>
        <SampleCard />
      </div>
    </section>
  );
}

/** The public landing page. */
export function LandingPage() {
  usePageTitle(null);
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SkipLink />
      <LandingHeader />
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 outline-none">
        <Hero />
        <FeaturesSection />
        <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 sm:pb-20">
          <AdSlot placement="landing" />
        </div>
        <HowItWorksSection />
        <PricingSection />
        <CallToAction />
      </main>
      <LandingFooter />
    </div>
  );
}
