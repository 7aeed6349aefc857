import type { SelectHTMLAttributes } from 'react';
import { SelectField } from '../../../components/ui/field';
import { useCategories } from '../api/get-categories';

export interface CategorySelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange'> {
  /** Only categories of this type are offered. */
  type: 'expense' | 'income';
  value: string;
  onChange: (categoryId: string) => void;
  label?: string;
  error?: string;
}

/** A labelled select of the user's categories of one type. */
export function CategorySelect({ type, value, onChange, label = 'Category', error, ...props }: CategorySelectProps) {
  const { data = [], isLoading } = useCategories();
  const options = data.filter((c) => c.type === type);
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value)} error={error} {...props}>
      <option value="">{isLoading ? 'Loading categories...' : 'Select a category'}</option>
      {options.map((c) => (
        <option key={c.id} value={c.id}>
          {c.icon} {c.name}
        </option>
      ))}
    </SelectField>
  );
}
