import { ChooseFilesButton } from '../../ui/choose-files-button';

/** "Attach files": the composer's button in front of the hidden file input it opens. */
export function AttachButton({ onFiles, disabled }: { readonly onFiles: (files: readonly File[]) => void; readonly disabled?: boolean }) {
  return <ChooseFilesButton label="Attach files" inputLabel="Files to attach" onFiles={onFiles} disabled={disabled} className="button button-secondary button-small" />;
}
