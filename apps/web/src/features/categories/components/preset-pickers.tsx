import { useId } from 'react';
import { COLOR_PRESETS, ICON_PRESETS } from '@ledgerly/shared';
import { iconName } from '../icon-names';
import { Emoji } from '../../../components/ui/emoji';

interface PickerProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

const legendClass = 'mb-2 block text-sm font-medium text-slate-700 dark:text-slate-200';

/**
 * The 15 preset colours as a native radio group: Tab reaches it, the arrow keys move the choice,
 * and each option is announced as "Colour #rrggbb".
 */
export function ColorPicker({ value, onChange, disabled }: PickerProps) {
  const name = useId();
  return (
    <fieldset disabled={disabled}>
      <legend className={legendClass}>Colour</legend>
      <div className="flex flex-wrap gap-2">
        {COLOR_PRESETS.map((color) => {
          const checked = value.toLowerCase() === color;
          return (
            <label key={color} className="relative block cursor-pointer" title={color}>
              <input
                type="radio"
                name={name}
                value={color}
                checked={checked}
                onChange={() => onChange(color)}
                aria-label={`Colour ${color}`}
                className="peer absolute inset-0 z-10 m-0 cursor-pointer appearance-none opacity-0"
              />
              <span
                aria-hidden="true"
                style={{ backgroundColor: color }}
                className="flex h-8 w-8 items-center justify-center rounded-full text-sm font-bold text-white ring-offset-2 ring-offset-white transition peer-checked:ring-2 peer-checked:ring-slate-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-indigo-500 hover:scale-110 dark:ring-offset-slate-900 dark:peer-checked:ring-white"
              >
                {checked ? '✓' : ''}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The 30 preset icons as a native radio group, each announced by its name ("Folder", "Car"...). */
export function IconPicker({ value, onChange, disabled }: PickerProps) {
  const name = useId();
  return (
    <fieldset disabled={disabled}>
      <legend className={legendClass}>Icon</legend>
      <div className="flex flex-wrap gap-1.5">
        {ICON_PRESETS.map((icon) => (
          <label key={icon} className="relative block cursor-pointer" title={iconName(icon)}>
            <input
              type="radio"
              name={name}
              value={icon}
              checked={value === icon}
              onChange={() => onChange(icon)}
              aria-label={iconName(icon)}
              className="peer absolute inset-0 z-10 m-0 cursor-pointer appearance-none opacity-0"
            />
            <span
              aria-hidden="true"
              className="flex h-10 w-10 items-center justify-center rounded-lg border border-slate-200 text-xl transition peer-checked:border-indigo-500 peer-checked:bg-indigo-50 peer-checked:ring-2 peer-checked:ring-indigo-500 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-500 hover:bg-slate-100 dark:border-slate-700 dark:peer-checked:bg-indigo-950 dark:hover:bg-slate-800"
            >
              <Emoji emoji={icon} />
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
