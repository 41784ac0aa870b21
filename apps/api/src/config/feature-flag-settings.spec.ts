import { parseFeatureFlags } from './feature-flag-settings';

describe('FEATURE_FLAGS', () => {
  it('names flags separated by commas, each once; unset or blank, none', () => {
    const problems: string[] = [];
    expect(parseFeatureFlags({ FEATURE_FLAGS: ' labs_trackers,deepseek_feature ,, labs_trackers' }, problems)).toEqual(['labs_trackers', 'deepseek_feature']);
    expect(parseFeatureFlags({}, problems)).toEqual([]);
    expect(parseFeatureFlags({ FEATURE_FLAGS: '  ' }, problems)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('refuses names that are not flag names, and more than 100 flags', () => {
    const problems: string[] = [];
    parseFeatureFlags({ FEATURE_FLAGS: 'ok,Not-A-Flag,<script>' }, problems);
    parseFeatureFlags({ FEATURE_FLAGS: Array.from({ length: 101 }, (_, index) => `flag_${index}`).join(',') }, problems);
    expect(problems).toEqual([expect.stringContaining('"Not-A-Flag", "<script>"'), expect.stringContaining('at most 100')]);
  });
});
