import { Link } from 'react-router';
import { cta } from './brand';
import { PageIntro, PublicLayout } from './public-layout';

const FAQS = [
  {
    q: 'Is Ledgerly really free?',
    a: 'Yes. Every feature is free to use and signing up needs no credit card. There is no trial that runs out and no paid plan hiding the good parts.',
  },
  {
    q: 'How do I add my transactions?',
    a: 'Enter income and expenses by hand in a few seconds each, optionally with a photo of the receipt. Regular bills and pay cheques can be set up once as recurring templates and are then added for you. You can also import statements from your bank as CSV, OFX, QIF or CAMT files.',
  },
  {
    q: 'Is my financial data safe?',
    a: 'Your data is encrypted in transit and at rest, and each account sees only its own records. We never sell your data, and advertising partners never receive your financial information.',
  },
  {
    q: 'Can I use my own currency?',
    a: 'Yes. Choose from 25 currencies in Settings, from the US dollar and euro to the Malaysian ringgit and Indian rupee. Amounts across the app switch to your currency at once.',
  },
  {
    q: 'How do budgets and alerts work?',
    a: 'Set a monthly or yearly limit for any expense category. Each budget shows how much you have spent and what is left, turns to a warning at 70% of the limit and clearly marks when you go over.',
  },
  {
    q: 'Can I delete my account and my data?',
    a: 'Yes. In Settings you can download all your data as one file, and delete your account and everything in it at once. You can also ask us through the contact page and we will answer within 30 days. Deleted data is also purged from our backups within 30 days.',
  },
] as const;

export function FaqPage() {
  return (
    <PublicLayout>
      <PageIntro eyebrow="Help centre" title="Frequently Asked Questions">
        <p>Quick answers about pricing, privacy and getting the most out of Ledgerly.</p>
      </PageIntro>
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        <div className="space-y-3">
          {FAQS.map((item) => (
            <details
              key={item.q}
              className="group rounded-xl border border-slate-200 bg-white shadow-sm open:shadow-md dark:border-slate-800 dark:bg-slate-900"
            >
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 text-left font-semibold [&::-webkit-details-marker]:hidden">
                <h2 className="text-base">{item.q}</h2>
                <span
                  aria-hidden="true"
                  className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-700 transition-transform group-open:rotate-45 dark:bg-indigo-950 dark:text-indigo-300"
                >
                  +
                </span>
              </summary>
              <p className="px-5 pb-5 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{item.a}</p>
            </details>
          ))}
        </div>
        <div className="mt-12 rounded-2xl bg-slate-50 p-8 text-center dark:bg-slate-900">
          <h2 className="text-xl font-semibold">Still have questions?</h2>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Our support team answers within one business day.
          </p>
          <Link to="/contact" className={`${cta()} mt-5`}>
            Contact Support
          </Link>
        </div>
      </div>
    </PublicLayout>
  );
}
