import { readdirSync } from 'node:fs';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Forbids, in `files`, imports matching each group's patterns (or its regex), with the group's reason as the message. */
function forbid(rule, files, groups, ignores = []) {
  const patterns = groups.map(({ patterns: group, regex, message, allowTypeImports }) => ({
    ...(regex ? { regex } : { group }),
    message,
    ...(allowTypeImports ? { allowTypeImports } : {}),
  }));
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
const STORAGE = {
  patterns: ['@app/storage', '@app/storage/*', '**/storage/src', '**/storage/src/**'],
  message: 'The domain does no I/O: the api reads and appends, and hands the domain what it read.',
};
const NEST = {
  patterns: ['@nestjs/*'],
  message: 'The domain is plain TypeScript: modules, injection and decorators belong to the apps.',
};
const HTTP = {
  patterns: ['@app/contracts/http', '@app/contracts/http/*', '**/contracts/src/http', '**/contracts/src/http/*', '../http', '../http/*'],
  message:
    'Events, the domain and the projections never import HTTP wire types: an event is the permanent record of a fact, ' +
    'a response shape one rendering of it. Use the facts of libs/contracts/src/events (or read-model types).',
};
const CONTRACTS_DOMAIN = { ...DOMAIN, message: 'The domain builds on the contracts, never the other way: move the shape into libs/contracts.' };
const STORAGE_DOMAIN = { ...DOMAIN, message: 'Storage knows no domain: it keeps events and documents whatever they mean.' };
const PROJECTOR = { ...APPS, patterns: ['**/projector/src', '**/projector/src/**'] };

// apps/api's foundation, from the ground up: config/ (settings), common/ (HTTP plumbing, logger,
// route markers), metrics/. Each imports only the folders beneath it; every other folder or file of
// apps/api/src, one added later too, is a feature above them, so no arrow runs back up from them.
const API_SRC = 'apps/api/src';
const API_ENTRIES = [
  ...new Set(
    readdirSync(new URL(`./${API_SRC}`, import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || entry.name.endsWith('.ts'))
      .map((entry) => entry.name.replace(/\.ts$/, '')),
  ),
];
function foundation(folder, beneath) {
  const above = API_ENTRIES.filter((name) => name !== folder && !beneath.includes(name));
  const names = above.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const mayImport = beneath.length > 0 ? `only ${beneath.map((name) => `${name}/`).join(' and ')}` : 'nothing else of apps/api';
  return forbid('no-restricted-imports', [`${API_SRC}/${folder}/**/*.ts`], [
    PROJECTOR,
    {
      regex: `^(\\.\\./)+(${names})(/|$)`,
      message: `${folder}/ stands beneath the features of apps/api and imports ${mayImport}: move what it needs from a feature down.`,
    },
  ]);
}

// The agent runner has one public entry, agent-runner/index.ts: the rest of apps/api imports the
// folder, never a path inside it, so the runner can reorganise itself without touching its users.
const RUNNER_INSIDE = {
  regex: '^(\\./|(\\.\\./)+)agent-runner/.+',
  message: 'Enter the agent runner through its index: import from the agent-runner folder (agent-runner/index.ts), never a path inside it.',
};

const boundaries = [
  forbid('no-restricted-imports', ['apps/api/**/*.ts'], [PROJECTOR]),
  forbid('no-restricted-imports', [`${API_SRC}/**/*.ts`], [PROJECTOR, RUNNER_INSIDE], [`${API_SRC}/agent-runner/**`]),
  forbid('no-restricted-imports', ['apps/projector/**/*.ts'], [{ ...APPS, patterns: ['**/api/src', '**/api/src/**'] }]),
  forbid('no-restricted-imports', ['libs/**/*.ts'], [APPS]),
  forbid('no-restricted-imports', ['libs/contracts/**/*.ts'], [APPS, CONTRACTS_DOMAIN]),
  forbid('no-restricted-imports', ['libs/contracts/src/events/**/*.ts'], [APPS, HTTP, CONTRACTS_DOMAIN]),
  forbid('no-restricted-imports', ['libs/domain/**/*.ts'], [APPS, HTTP, STORAGE, NEST]),
  forbid('no-restricted-imports', ['libs/storage/**/*.ts'], [APPS, STORAGE_DOMAIN]),
  forbid('no-restricted-imports', ['libs/projections/**/*.ts'], [APPS, DOMAIN, HTTP]),
  foundation('config', []),
  foundation('common', ['config']),
  foundation('metrics', ['config', 'common']),
  forbid(
    '@typescript-eslint/no-restricted-imports',
    ['apps/*/src/**/*.ts', 'libs/*/src/**/*.ts'],
    [{ patterns: ['**/test', '**/test/**', '@app/*/test/*'], message: 'Code that ships never imports test helpers.' }],
    ['**/*.spec.ts'],
  ),
  // Replaces the entry above for the web app, which runs in a browser: of the server's code it reads
  // the contracts' types, nothing else (a value import would bundle class-validator into the page).
  forbid('@typescript-eslint/no-restricted-imports', ['apps/web/**/*.{ts,tsx,mts}'], [
    { patterns: ['@app/contracts', '@app/contracts/*'], allowTypeImports: true, message: 'The web app takes types from libs/contracts (`import type`), never values.' },
    { patterns: ['@app/*', '!@app/contracts', '!@app/contracts/*', '**/libs/**', '**/apps/api/**', '**/apps/projector/**', 'node:*'], message: 'The web app runs in a browser: it shares only the contracts\' types with the server.' },
    { patterns: ['**/test', '**/test/**'], message: 'Code that ships never imports test helpers.' },
  ]),
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
  { files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'], ...reactHooks.configs.flat['recommended-latest'] },
  ...boundaries,
);
