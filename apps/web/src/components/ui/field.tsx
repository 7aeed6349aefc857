import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-indigo-500 disabled:bg-slate-100 disabled:text-slate-500 aria-[invalid=true]:border-red-500 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:placeholder:text-slate-400 dark:disabled:bg-slate-900';

interface FieldShellProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  id: string;
  children: ReactNode;
  className?: string;
}

function FieldShell({ label, hint, error, id, children, className = '' }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600 dark:text-red-400" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The id, error state, description link and look that every field's control shares. */
function useControl(id: string | undefined, hint: ReactNode, error: string | undefined, className: string) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const describedBy = error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined;
  return {
    fieldId,
    control: {
      id: fieldId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy,
      className: `${inputClass} ${className}`,
    },
  };
}

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  containerClassName?: string;
}

export type InputFieldProps = InputHTMLAttributes<HTMLInputElement> & FieldProps;

export function InputField({ label, hint, error, containerClassName, id, className = '', ...props }: InputFieldProps) {
  const { fieldId, control } = useControl(id, hint, error, className);
  return (
    <FieldShell label={label} hint={hint} error={error} id={fieldId} className={containerClassName}>
      <input {...control} {...props} />
    </FieldShell>
  );
}

export type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & FieldProps;

export function SelectField({
  label,
  hint,
  error,
  containerClassName,
  id,
  className = '',
  ...props
}: SelectFieldProps) {
  const { fieldId, control } = useControl(id, hint, error, className);
  return (
    <FieldShell label={label} hint={hint} error={error} id={fieldId} className={containerClassName}>
      <select {...control} {...props} />
    </FieldShell>
  );
}

export type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & FieldProps;

export function TextareaField({
  label,
  hint,
  error,
  containerClassName,
  id,
  className = '',
  ...props
}: TextareaFieldProps) {
  const { fieldId, control } = useControl(id, hint, error, className);
  return (
    <FieldShell label={label} hint={hint} error={error} id={fieldId} className={containerClassName}>
      <textarea {...control} {...props} />
    </FieldShell>
  );
}
