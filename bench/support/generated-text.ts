// Seeded, so every run indexes the same text.
export { seededRandom } from '../../test/support/seeded-random';

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vi', 'so', 'pe', 'da', 'fi', 'gu', 'ho', 'ze', 'xa', 'by', 'cor', 'tan', 'mel', 'vor'];

/**
 * Words drawn with Zipf frequencies (a few very common, most rare), as in natural text, so the
 * index holds long and short posting lists alike.
 */
export class ZipfVocabulary {
  readonly words: readonly string[];
  private readonly cumulative: Float64Array;

  constructor(size: number, private readonly random: () => number, exponent = 1.07) {
    const words = new Set<string>();
    while (words.size < size) {
      const length = 1 + Math.floor(random() * 4);
      words.add(Array.from({ length }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]).join(''));
    }
    this.words = [...words];
    this.cumulative = new Float64Array(size);
    let total = 0;
    for (let rank = 0; rank < size; rank += 1) {
      total += 1 / (rank + 1) ** exponent;
      this.cumulative[rank] = total;
    }
    for (let rank = 0; rank < size; rank += 1) this.cumulative[rank] /= total;
  }

  /** A word by Zipf frequency. */
  draw(): string {
    const target = this.random();
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return this.words[low];
  }

  /** Sentences of 8 to 20 words, ending with a period. */
  paragraph(words: number): string {
    const out: string[] = [];
    let sentence = 0;
    let length = 8 + Math.floor(this.random() * 13);
    for (let i = 0; i < words; i += 1) {
      sentence += 1;
      const word = this.draw();
      if (sentence === length) {
        out.push(`${word}.`);
        sentence = 0;
        length = 8 + Math.floor(this.random() * 13);
      } else out.push(word);
    }
    return out.join(' ');
  }
}
