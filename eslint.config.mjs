import tseslint from 'typescript-eslint';

/** Forbids imports matching `patterns` in `files`, with the reason as the message. */
function forbid(rule, files, patterns, message, ignores = []) {
  return { files, ignores, rules: { [rule]: ['error', { patterns: [{ group: patterns, message }] }] } };
}

// The import directions of DESIGN.md (Folders), checked rather than remembered. A later entry
// replaces an earlier one for the files both match, so the projections entry repeats the libs one.
const APPS = 'Apps and libraries share code through a library alias, never by reaching into an app.';
const boundaries = [
  forbid('no-restricted-imports', ['apps/api/**/*.ts'], ['**/projector/src', '**/projector/src/**'], APPS),
  forbid('no-restricted-imports', ['apps/projector/**/*.ts'], ['**/api/src', '**/api/src/**'], APPS),
  forbid('no-restricted-imports', ['libs/**/*.ts'], ['**/apps/**'], APPS),
  forbid(
    'no-restricted-imports',
    ['libs/projections/**/*.ts'],
    ['**/apps/**', '@app/domain', '@app/domain/*', '**/domain/src', '**/domain/src/**'],
    'Projections read events, never the domain (and never an app).',
  ),
  forbid(
    '@typescript-eslint/no-restricted-imports',
    ['apps/*/src/**/*.ts', 'libs/*/src/**/*.ts'],
    ['**/test', '**/test/**', '@app/*/test/*'],
    'Code that ships never imports test helpers.',
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
