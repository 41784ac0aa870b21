import { useRef, useState, type DragEvent } from 'react';

/** Handlers for an element that takes dropped files, and whether files are being dragged over it now. */
export interface FileDrop {
  readonly dragging: boolean;
  readonly handlers: {
    readonly onDragEnter: (event: DragEvent) => void;
    readonly onDragOver: (event: DragEvent) => void;
    readonly onDragLeave: (event: DragEvent) => void;
    readonly onDrop: (event: DragEvent) => void;
  };
}

/**
 * Files dropped on the element go to `onFiles`; other drags (text, links) keep the browser's
 * behaviour. Enter and leave are counted, as they fire again for each child the drag crosses.
 */
export function useFileDrop(onFiles: (files: readonly File[]) => void): FileDrop {
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

  return {
    dragging,
    handlers: {
      onDragEnter(event) {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setDragging(true);
      },
      onDragOver(event) {
        if (!carriesFiles(event)) return;
        // Without this the browser refuses the drop (and would open the file instead).
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      },
      onDragLeave(event) {
        if (!carriesFiles(event)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      },
      onDrop(event) {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        depth.current = 0;
        setDragging(false);
        const files = Array.from(event.dataTransfer.files);
        if (files.length > 0) onFiles(files);
      },
    },
  };
}
