import { useRef } from 'react';

/** "Attach files": a button (reached by Tab, named for screen readers) in front of the hidden file input it opens. */
export function AttachButton({ onFiles, disabled }: { readonly onFiles: (files: readonly File[]) => void; readonly disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className="button button-secondary button-small" onClick={() => input.current?.click()} disabled={disabled}>
        Attach files
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label="Files to attach"
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
