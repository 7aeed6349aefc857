import { useEffect, useId, useRef, useState } from 'react';
import { inputClass } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';
import { MSG } from '@ledgerly/shared';
import { RECEIPT_ACCEPT, receiptDecodes, receiptFileError } from '../receipt-file';

export interface ReceiptPickerProps {
  /** The newly chosen image, if any. */
  file: File | null;
  /** The stored receipt's image (edit), shown until replaced or removed. */
  storedUrl: string | null;
  onSelect: (file: File) => void;
  /** Clears the chosen file and marks a stored receipt for removal. */
  onRemove: () => void;
  /** Drops the newly chosen file only (a later pick was refused); a stored receipt stays. */
  onDiscard: () => void;
  error: string | null;
  onError: (message: string | null) => void;
}

/** Optional receipt image: file picker with the spec's checks, preview and a remove button. */
export function ReceiptPicker({ file, storedUrl, onSelect, onRemove, onDiscard, error, onError }: ReceiptPickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [fileUrl, setFileUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setFileUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setFileUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const previewUrl = file ? fileUrl : storedUrl;

  /**
   * A refused pick says why and leaves nothing of itself or of an earlier pick behind: the
   * preview then shows what would really be saved (the stored receipt, or none).
   */
  function refuse(problem: string) {
    if (input.current) input.current.value = '';
    onError(problem);
    onDiscard();
  }

  async function onChange(chosen: File | undefined) {
    if (!chosen) return;
    const problem = receiptFileError(chosen) ?? ((await receiptDecodes(chosen)) ? null : MSG.invalidImage);
    if (problem) {
      refuse(problem);
      return;
    }
    onError(null);
    onSelect(chosen);
  }

  function remove() {
    if (input.current) input.current.value = '';
    onError(null);
    onRemove();
  }

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
        Receipt (optional)
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={RECEIPT_ACCEPT}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note`}
        onChange={(e) => void onChange(e.target.files?.[0])}
        className={`${inputClass} file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-1 file:text-sm file:font-medium file:text-indigo-700 dark:file:bg-slate-700 dark:file:text-slate-100`}
      />
      {error ? (
        <p id={`${id}-note`} role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : (
        <p id={`${id}-note`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          JPEG, PNG, GIF or WebP, up to 5MB
        </p>
      )}
      {previewUrl && (
        <figure className="mt-3 flex items-start gap-3 rounded-lg border border-slate-200 p-2 dark:border-slate-700">
          <img
            src={previewUrl}
            alt="Receipt preview"
            // The browser could not show the chosen file after all: it is not a usable image.
            onError={file ? () => refuse(MSG.invalidImage) : undefined}
            className="h-24 w-24 shrink-0 rounded-md bg-slate-100 object-cover dark:bg-slate-800"
          />
          <figcaption className="flex min-w-0 flex-1 flex-col items-start gap-2 text-xs text-slate-600 dark:text-slate-400">
            <span className="max-w-full truncate">{file ? file.name : 'Current receipt'}</span>
            <Button variant="secondary" size="sm" onClick={remove}>
              Remove receipt
            </Button>
          </figcaption>
        </figure>
      )}
    </div>
  );
}
