/** What an attached file gives the prompt: its extracted text, or the bytes of an image. */
export type AttachmentContent =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'image'; readonly bytes: Uint8Array; readonly mediaType: string };

/**
 * Characters of attached text one prompt may take, spent in conversation order. Text past the
 * budget is cut, and the cut is said in the prompt, never silent.
 */
export class AttachmentBudget {
  private remaining: number;

  constructor(totalChars: number) {
    this.remaining = totalChars;
  }

  /** The text, or as much of it as the budget allows followed by a marker saying what was left out. */
  take(text: string): string {
    if (text.length <= this.remaining) {
      this.remaining -= text.length;
      return text;
    }
    const kept = Math.max(0, this.remaining);
    this.remaining = 0;
    const marker = `[Truncated: the attachment has ${text.length} characters; only the first ${kept} fit in this prompt.]`;
    return kept > 0 ? `${text.slice(0, kept)}\n${marker}` : marker;
  }
}
