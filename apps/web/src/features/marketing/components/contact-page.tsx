import { Link } from 'react-router';
import { textLink } from './brand';
import { PageIntro, PublicLayout } from './public-layout';
import { Emoji } from '../../../components/ui/emoji';

const CHANNELS = [
  {
    icon: '💬',
    title: 'Support',
    text: 'Questions about your account, a bug, or how something works.',
    label: 'support@ledgerly.app',
    href: 'mailto:support@ledgerly.app',
  },
  {
    icon: '🌱',
    title: 'Community',
    text: 'Share tips, request features and see what is coming next on the roadmap.',
    label: 'community@ledgerly.app',
    href: 'mailto:community@ledgerly.app',
  },
  {
    icon: '🛡️',
    title: 'Security',
    text: 'Report a vulnerability privately. We acknowledge every report and credit responsible disclosure.',
    label: 'security@ledgerly.app',
    href: 'mailto:security@ledgerly.app',
  },
] as const;

export function ContactPage() {
  return (
    <PublicLayout>
      <PageIntro eyebrow="Get in touch" title="Contact Us">
        <p>Real people read every message. Pick the channel that fits and we will get back to you.</p>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <ul className="grid gap-6 md:grid-cols-3">
          {CHANNELS.map((c) => (
            <li
              key={c.title}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <span aria-hidden="true" className="text-3xl">
                <Emoji emoji={c.icon} />
              </span>
              <h2 className="mt-3 text-lg font-semibold">{c.title}</h2>
              <p className="mt-2 flex-1 text-sm text-slate-600 dark:text-slate-300">{c.text}</p>
              <a href={c.href} className={`mt-4 text-sm break-all ${textLink}`}>
                {c.label}
              </a>
            </li>
          ))}
        </ul>

        <section
          aria-labelledby="hours-title"
          className="mt-10 grid gap-6 rounded-2xl bg-gradient-to-br from-indigo-50 to-emerald-50 p-8 sm:grid-cols-2 dark:from-indigo-950/50 dark:to-emerald-950/30"
        >
          <div>
            <h2 id="hours-title" className="text-lg font-semibold">
              Support hours
            </h2>
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
              Monday to Friday, 9:00 to 17:00 (UTC), except public holidays.
            </p>
          </div>
          <div>
            <h2 className="text-lg font-semibold">Response time</h2>
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
              We answer within one business day. Privacy requests are answered within 30 days at the latest.
            </p>
          </div>
        </section>

        <p className="mt-10 text-center text-sm text-slate-600 dark:text-slate-400">
          Looking for a quick answer? Try the{' '}
          <Link to="/faq" className={textLink}>
            FAQ
          </Link>
          .
        </p>
      </div>
    </PublicLayout>
  );
}
