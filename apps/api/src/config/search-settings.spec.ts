import { parseSearchSettings } from './search-settings';

const parse = (env: Record<string, string>) => {
  const problems: string[] = [];
  const settings = parseSearchSettings(env, '/data', problems);
  return { settings, problems };
};

describe('parseSearchSettings', () => {
  it('defaults to the embedded index under the data directory, lexical only', () => {
    const { settings, problems } = parse({});
    expect(problems).toEqual([]);
    expect(settings).toMatchObject({
      index: { kind: 'sqlite', path: '/data/search.sqlite' },
      embeddingEndpoint: null,
      chunkMaxTokens: 512,
      chunkOverlapTokens: 64,
      titleWeight: 5,
    });
  });

  it('reads an OpenSearch URL and an operator embedding endpoint', () => {
    const { settings, problems } = parse({
      OPENSEARCH_URL: 'http://opensearch:9200',
      EMBEDDING_BASE_URL: 'http://ollama:11434/v1/',
      EMBEDDING_MODEL: 'nomic-embed-text',
      EMBEDDING_API_KEY: 'k',
      EMBEDDING_DIMENSIONS: '768',
      SEARCH_TITLE_WEIGHT: '2.5',
    });
    expect(problems).toEqual([]);
    expect(settings.index).toEqual({ kind: 'opensearch', url: 'http://opensearch:9200', indexPrefix: 'search' });
    expect(settings.embeddingEndpoint).toMatchObject({ baseUrl: 'http://ollama:11434/v1', model: 'nomic-embed-text', dimensions: 768 });
    expect(String(settings.embeddingEndpoint?.apiKey)).toBe('[redacted]');
    expect(settings.titleWeight).toBe(2.5);
  });

  it('names every bad variable', () => {
    const { problems } = parse({
      OPENSEARCH_URL: 'opensearch:9200',
      EMBEDDING_BASE_URL: 'http://x/v1',
      CHUNK_MAX_TOKENS: '64',
      CHUNK_OVERLAP_TOKENS: '64',
      SEARCH_TITLE_WEIGHT: 'heavy',
    });
    expect(problems).toEqual([
      'CHUNK_OVERLAP_TOKENS must be less than CHUNK_MAX_TOKENS',
      'OPENSEARCH_URL must be an http(s) URL',
      'EMBEDDING_BASE_URL is set but EMBEDDING_MODEL is not: name the embedding model the endpoint serves',
      'SEARCH_TITLE_WEIGHT must be a number between 0 and 100 (got "heavy")',
    ]);
    expect(parse({ EMBEDDING_MODEL: 'm' }).problems).toEqual(['EMBEDDING_MODEL, EMBEDDING_API_KEY and EMBEDDING_DIMENSIONS need EMBEDDING_BASE_URL']);
  });
});
