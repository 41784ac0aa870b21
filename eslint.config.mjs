import tseslint from 'typescript-eslint';

/** Forbids, in `files`, imports matching each group's patterns, with the group's reason as the message. */
function forbid(rule, files, groups, ignores = []) {
  const patterns = groups.map(({ patterns: group, message }) => ({ group, message }));
  return { files, ignores, rules: { [rule]: ['error', { patterns }] } };
}

// The import directions of DESIGN.md (Folders), checked rather than remembered. A later entry
// replaces an earlier one for the files both match, so narrower entries repeat the broader groups.
const APPS = {
  patterns: ['**/apps/**'],
  message: 'Apps and libraries share code through a library alias, never by reaching into an app.',
};
const DOMAIN = {
  patterns: ['@app/domain', '@app/domain/*', '**/domain/src', '**/domain/src/**'],
  message: 'Projections read events, never the domain.',
};
const HTTP = {
  patterns: ['@app/contracts/http', '@app/contracts/http/*', '**/contracts/src/http', '**/contracts/src/http/*', '../http', '../http/*'],
  message:
    'Events, the domain and the projections never import HTTP wire types: an event is the permanent record of a fact, ' +
    'a response shape one rendering of it. Use the facts of libs/contracts/src/events (or read-model types).',
};
const boundaries = [
  forbid('no-restricted-imports', ['apps/api/**/*.ts'], [{ ...APPS, patterns: ['**/projector/src', '**/projector/src/**'] }]),
  forbid('no-restricted-imports', ['apps/projector/**/*.ts'], [{ ...APPS, patterns: ['**/api/src', '**/api/src/**'] }]),
  forbid('no-restricted-imports', ['libs/**/*.ts'], [APPS]),
  forbid('no-restricted-imports', ['libs/contracts/src/events/**/*.ts', 'libs/domain/**/*.ts'], [APPS, HTTP]),
  forbid('no-restricted-imports', ['libs/projections/**/*.ts'], [APPS, DOMAIN, HTTP]),
  forbid(
    '@typescript-eslint/no-restricted-imports',
    ['apps/*/src/**/*.ts', 'libs/*/src/**/*.ts'],
    [{ patterns: ['**/test', '**/test/**', '@app/*/test/*'], message: 'Code that ships never imports test helpers.' }],
    ['**/*.spec.ts'],
  ),
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'error',
    },
  },
  {
    files: ['apps/**/cli.ts', 'apps/**/cli/**/*.ts', 'bench/**/*.ts', 'apps/projector/src/rebuild/**/*.ts', 'test/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['test/**/*.ts', '**/*.spec.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  ...boundaries,
);
