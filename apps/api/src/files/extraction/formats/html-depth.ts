import { Parser } from 'htmlparser2';

/** Stops the parser from inside its callbacks once the page is deeper than wanted. */
class DeeperThanWanted extends Error {}

/**
 * How deeply the elements of a page nest, as htmlparser2 (the parser html-to-text builds its tree
 * with) nests them: the parser's own tokenizer and rules decide what opens and closes an element
 * (`<html>`, `<body>` or `<div/>` opened again nest, `<p>` closes an open `<p>`, void elements hold
 * nothing), so no trick of the markup counts less here than in the tree. The parser shifts its
 * open elements at every tag, so its time grows with the square of the depth: the count stops as
 * soon as it passes `stopAbove` (returning that depth), and its cost stays linear in the page.
 */
export function htmlNestingDepth(html: string, stopAbove: number = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  const parser = new Parser({
    // Every element the parser opens, void ones included (a leaf of the tree is a level too), is
    // closed by one `onclosetag`, implied ends included.
    onopentagname() {
      depth += 1;
      if (depth <= deepest) return;
      deepest = depth;
      if (deepest > stopAbove) throw new DeeperThanWanted();
    },
    onclosetag() {
      depth -= 1;
    },
  });
  try {
    parser.end(html);
  } catch (error) {
    if (!(error instanceof DeeperThanWanted)) throw error;
  }
  return deepest;
}
