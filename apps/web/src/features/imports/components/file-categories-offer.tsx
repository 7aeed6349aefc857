import type { ImportBatch } from '@ledgerly/shared';
import { Button } from '../../../components/ui/button';
import { plural } from '../lib/row-text';

type FileCategory = NonNullable<ImportBatch['fileCategories']>[number];

export interface FileCategoriesOfferProps {
  names: FileCategory[];
  busy: boolean;
  onCreate: (names: { name: string; type: FileCategory['type'] }[]) => void | Promise<void>;
}

/**
 * The file's own category names (a QIF file's L lines) that match none of the user's: offered for
 * creation, all at once or one by one; rows that found no better category then take them.
 */
export function FileCategoriesOffer({ names, busy, onCreate }: FileCategoriesOfferProps) {
  return (
    <section
      aria-labelledby="file-categories-title"
      className="space-y-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm dark:border-amber-900 dark:bg-amber-950/50"
    >
      <h3 id="file-categories-title" className="font-semibold">
        {names.length === 1 ? 'This file has a category you don’t have' : 'This file has categories you don’t have'}
      </h3>
      <p className="text-slate-700 dark:text-slate-300">
        Their rows go to “Uncategorized” unless you create them. Rules and your past choices still come first.
      </p>
      <ul className="flex flex-wrap gap-2">
        {names.map((n) => (
          <li key={`${n.type}:${n.name}`}>
            <Button
              variant="secondary"
              size="sm"
              disabled={busy}
              onClick={() => void onCreate([{ name: n.name, type: n.type }])}
              aria-label={`Create ${n.type} category ${n.name} (${plural(n.rows, 'row')})`}
            >
              + {n.name}
              <span className="text-xs text-slate-600 dark:text-slate-400">
                {n.type === 'income' ? 'income, ' : ''}
                {plural(n.rows, 'row')}
              </span>
            </Button>
          </li>
        ))}
      </ul>
      {names.length > 1 && (
        <Button
          size="sm"
          disabled={busy}
          onClick={() => void onCreate(names.map(({ name, type }) => ({ name, type })))}
        >
          {`Create all ${names.length} categories`}
        </Button>
      )}
    </section>
  );
}
