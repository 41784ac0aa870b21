/** What an attached file gives the prompt: its extracted text, or the bytes of an image. */
export type AttachmentContent =
  /** `cut`: only the start of a longer text was read (its full length is unknown). */
  | { readonly kind: 'text'; readonly text: string; readonly cut?: boolean }
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

  /**
   * The text, or as much of it as the budget allows followed by a marker saying what was left out.
   * `cut` says the text is only the start of a longer one.
   */
  take(text: string, cut = false): string {
    if (text.length <= this.remaining) {
      this.remaining -= text.length;
      return cut ? `${text}\n[Truncated: only the first ${text.length} characters of the attachment fit in this prompt.]` : text;
    }
    const kept = Math.max(0, this.remaining);
    this.remaining = 0;
    const marker = cut
      ? `[Truncated: only the first ${kept} characters of the attachment fit in this prompt.]`
      : `[Truncated: the attachment has ${text.length} characters; only the first ${kept} fit in this prompt.]`;
    return kept > 0 ? `${text.slice(0, kept)}\n${marker}` : marker;
  }
}
