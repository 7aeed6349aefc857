import { useState } from 'react';
import { Button } from '../../../components/ui/button';

/** Copies `text` to the clipboard and says so; where the clipboard is refused it says that instead. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }
  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="secondary" size="sm" onClick={() => void copy()}>
        {label}
      </Button>
      <span role="status" className="text-xs text-slate-600 dark:text-slate-400">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Could not copy: select the text and copy it' : ''}
      </span>
    </span>
  );
}

/** "Chrome on Linux", "Firefox on iOS (mobile)", or "Unknown browser". */
export function describeDevice(s: { browser: string | null; os: string | null; device: string | null }): string {
  const browser = s.browser ?? 'Unknown browser';
  const on = s.os ? ` on ${s.os}` : '';
  const device = s.device && s.device !== 'desktop' ? ` (${s.device})` : '';
  return `${browser}${on}${device}`;
}

/** A date and time in the browser's language, e.g. "Mar 10, 2026, 14:05". */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
