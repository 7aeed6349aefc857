import { Dialog } from '../../../components/ui/dialog';

/** The full-size receipt image of one transaction. */
export function ReceiptPreviewDialog({
  url,
  label,
  onClose,
}: {
  /** The image to show; the dialog is open while it is set. */
  url: string | null;
  /** What the receipt belongs to, for the image's text alternative. */
  label: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={url !== null} onClose={onClose} title="Receipt" size="lg">
      {url && (
        <figure>
          <img
            src={url}
            alt={`Receipt for ${label}`}
            className="mx-auto max-h-[65vh] w-auto max-w-full rounded-lg bg-slate-100 object-contain dark:bg-slate-800"
          />
          <figcaption className="mt-3 text-center text-sm text-slate-600 dark:text-slate-400">{label}</figcaption>
        </figure>
      )}
    </Dialog>
  );
}
