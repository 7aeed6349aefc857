import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { textLink } from './brand';
import { PageIntro, PublicLayout } from './public-layout';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** The shared frame of the Privacy Policy and the Terms of Service: contents, sections, help links. */
export function LegalDocument({
  title,
  intro,
  updated,
  sections,
}: {
  title: string;
  intro: ReactNode;
  updated: string;
  sections: readonly LegalSection[];
}) {
  return (
    <PublicLayout>
      <PageIntro eyebrow="Legal" title={title}>
        <p>{intro}</p>
        <p className="mt-3 text-sm">Last updated: {updated}</p>
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[220px_1fr]">
        <nav aria-label="Contents" className="lg:sticky lg:top-24 lg:self-start">
          <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Contents</p>
          <ol className="mt-3 space-y-1.5 text-sm">
            {sections.map((s, i) => (
              <li key={s.id}>
                <a
                  href={`#${s.id}`}
                  className="text-slate-700 hover:text-indigo-700 dark:text-slate-300 dark:hover:text-indigo-300"
                >
                  {i + 1}. {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="min-w-0 max-w-3xl">
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="scroll-mt-24 pb-8">
              <h2 id={`${s.id}-title`} className="text-xl font-semibold">
                {i + 1}. {s.title}
              </h2>
              <div className="mt-3 space-y-3 text-sm leading-relaxed text-slate-700 dark:text-slate-300 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5">
                {s.body}
              </div>
            </section>
          ))}
          <aside
            aria-label="Need help?"
            className="mt-4 rounded-2xl border border-slate-200 bg-slate-50 p-6 text-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <p className="font-semibold">Questions about this page?</p>
            <p className="mt-2 text-slate-700 dark:text-slate-300">
              <Link to="/contact" className={textLink}>
                Contact us
              </Link>
              , read the{' '}
              <Link to="/faq" className={textLink}>
                FAQ
              </Link>
              , or{' '}
              <Link to="/register" className={textLink}>
                create a free account
              </Link>{' '}
              when you are ready.
            </p>
          </aside>
        </div>
      </div>
    </PublicLayout>
  );
}
