import { useId } from 'react';

/** The receipt upload's progress, 0–100 %. */
export function UploadProgress({ value }: { value: number }) {
  const labelId = useId();
  return (
    <div>
      <div className="mb-1 flex justify-between text-xs text-slate-600 dark:text-slate-400">
        <span id={labelId}>Uploading receipt...</span>
        <span aria-hidden="true">{value}%</span>
      </div>
      <progress
        aria-labelledby={labelId}
        max={100}
        value={value}
        className="h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-indigo-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-indigo-600 dark:[&::-webkit-progress-bar]:bg-slate-700"
      />
    </div>
  );
}
