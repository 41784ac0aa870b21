import { useRef } from 'react';

/**
 * A button (reached by Tab, named by its text) in front of the hidden file input it opens: the
 * browser's own file input cannot be styled or named as the page's other buttons are.
 */
export function ChooseFilesButton({
  label,
  inputLabel,
  onFiles,
  disabled,
  className = 'button button-secondary',
}: {
  readonly label: string;
  /** The hidden input's name, which tests and assistive technology can still reach. */
  readonly inputLabel: string;
  readonly onFiles: (files: readonly File[]) => void;
  readonly disabled?: boolean;
  readonly className?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className={className} onClick={() => input.current?.click()} disabled={disabled}>
        {label}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label={inputLabel}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Emptied, so choosing the same file again (after removing it) fires a change again.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
