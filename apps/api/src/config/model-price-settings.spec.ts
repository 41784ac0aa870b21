import type { ModelEntry } from '@app/contracts/language-models/model.types';
import { parseModelPrices, pricedCatalog } from './model-price-settings';

const model = { providerId: 'openai', modelId: 'gpt-4o', creditsPerMillionInputTokens: 2_500_000, creditsPerMillionOutputTokens: 10_000_000 } as ModelEntry;

describe('MODEL_PRICES', () => {
  it('leaves the catalog prices when unset', () => {
    const problems: string[] = [];
    expect(pricedCatalog([model], parseModelPrices(undefined, problems))).toEqual([model]);
    expect(problems).toEqual([]);
  });

  it('replaces a model price, in credits per million tokens (1 credit = 1 micro-USD)', () => {
    const problems: string[] = [];
    const [priced] = pricedCatalog([model], parseModelPrices('{"openai/gpt-4o": {"input": 1, "output": 4.5}}', problems));
    expect(priced).toMatchObject({ creditsPerMillionInputTokens: 1_000_000, creditsPerMillionOutputTokens: 4_500_000 });
    expect(problems).toEqual([]);
  });

  it.each(['not json', '{"gpt-4o": {"input": 1, "output": 1}}', '{"openai/gpt-4o": {"input": -1, "output": 1}}', '{"openai/gpt-4o": {"input": 1}}'])(
    'names MODEL_PRICES for %s',
    (raw) => {
      const problems: string[] = [];
      parseModelPrices(raw, problems);
      expect(problems).toEqual([expect.stringContaining('MODEL_PRICES')]);
    },
  );
});
