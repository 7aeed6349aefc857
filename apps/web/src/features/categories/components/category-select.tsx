import { useId, type SelectHTMLAttributes } from 'react';
import { SelectField } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/error-message';
import { useCategories } from '../api/get-categories';
import { useInitializeCategories } from '../api/initialize-categories';

export interface CategorySelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange'> {
  /** Only categories of this type are offered. */
  type: 'expense' | 'income';
  value: string;
  onChange: (categoryId: string) => void;
  label?: string;
  error?: string;
  /** Categories not to offer (e.g. those that already have a budget of the chosen period). */
  exclude?: ReadonlySet<string>;
  /** Said when categories of the type exist but every one is excluded. */
  allExcludedHint?: string;
  /** A note under the select (when it has nothing more urgent to say). */
  hint?: string;
}

/**
 * A labelled select of the user's categories of one type. With none of that type, an empty
 * list would leave the user stuck in the form: it says what to do and offers the default set
 * (POST /categories/initialize) right there.
 */
export function CategorySelect({
  type,
  value,
  onChange,
  label = 'Category',
  error,
  exclude,
  allExcludedHint,
  hint,
  ...props
}: CategorySelectProps) {
  const { data = [], isLoading, isError } = useCategories();
  const ofType = data.filter((c) => c.type === type);
  const options = exclude ? ofType.filter((c) => !exclude.has(c.id)) : ofType;
  const none = !isLoading && !isError && ofType.length === 0;
  const allExcluded = !none && ofType.length > 0 && options.length === 0;
  return (
    <div>
      <SelectField
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
        hint={
          none
            ? `No ${type} categories yet: add one in the Categories tab, or start with the default set.`
            : allExcluded
              ? allExcludedHint
              : hint
        }
        {...props}
      >
        <option value="">{isLoading ? 'Loading categories...' : 'Select a category'}</option>
        {options.map((c) => (
          <option key={c.id} value={c.id}>
            {c.icon} {c.name}
          </option>
        ))}
      </SelectField>
      {none && !props.disabled && <AddDefaultCategories />}
    </div>
  );
}

function AddDefaultCategories() {
  const initialize = useInitializeCategories();
  const errorId = useId();
  return (
    <div className="mt-2">
      <Button
        type="button"
        variant="secondary"
        size="sm"
        disabled={initialize.isPending}
        aria-describedby={initialize.isError ? errorId : undefined}
        onClick={() => initialize.mutate()}
      >
        {initialize.isPending ? 'Adding...' : 'Add default categories'}
      </Button>
      {initialize.isError && (
        <p id={errorId} role="alert" className="mt-1 text-xs text-red-700 dark:text-red-400">
          {errorMessage(initialize.error, 'Failed to initialize categories')}
        </p>
      )}
    </div>
  );
}
