import type { ReactNode } from 'react';
import { Emoji } from './emoji';

export function EmptyState({ icon, title, children }: { icon?: string; title: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700">
      {icon && (
        <div aria-hidden="true" className="mb-3 text-4xl">
          <Emoji emoji={icon} />
        </div>
      )}
      <p className="text-base font-semibold text-slate-800 dark:text-slate-100">{title}</p>
      {children && <div className="mt-3 text-sm text-slate-600 dark:text-slate-400">{children}</div>}
    </div>
  );
}
