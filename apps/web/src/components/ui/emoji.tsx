import { EMOJI_SVG } from './emoji-assets';

/**
 * An emoji drawn from the bundled Twemoji SVGs, so it looks the same on every device; one the app
 * has no file for falls back to the character. Decorative by default (`label` names it when it
 * carries meaning); sized by `className` (1em by default, so it follows the text around it).
 */
export function Emoji({
  emoji,
  label,
  className = 'h-[1em] w-[1em]',
}: {
  emoji: string;
  label?: string;
  className?: string;
}) {
  const src = EMOJI_SVG[emoji];
  if (!src) {
    return label ? (
      <span role="img" aria-label={label} className={className}>
        {emoji}
      </span>
    ) : (
      <span aria-hidden="true">{emoji}</span>
    );
  }
  return (
    <img
      src={src}
      alt={label ?? ''}
      aria-hidden={label ? undefined : true}
      draggable={false}
      data-emoji={emoji}
      className={`inline-block shrink-0 align-[-0.125em] ${className}`}
    />
  );
}
