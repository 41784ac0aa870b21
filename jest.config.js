/** Jest projects: fast unit specs beside the code, end-to-end specs in test/. */
const swcTransform = [
  '@swc/jest',
  {
    swcrc: false,
    jsc: {
      target: 'es2023',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

// The AI SDK ships ESM only, and so do openid-client (single sign-on), oidc-provider (its tests'
// provider) and their jose and oauth4webapi, and the web app's marked; jest's module loader needs
// them transformed to CommonJS.
const esmPackages = ['ai', '@ai-sdk', '@standard-schema', 'eventsource-parser', '@opentelemetry', 'zod', '@workflow', 'openid-client', 'oauth4webapi', 'jose', 'oidc-provider', 'marked'];

const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j|mj)s$': swcTransform },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleNameMapper: {
    // zod's English locale is reached through an ESM `.js` path inside the AI SDK's graph; the
    // package ships the same file as CommonJS, which jest loads without a transform.
    '^zod/v4/locales/en\\.js$': '<rootDir>/node_modules/zod/v4/locales/en.cjs',
    // Test helpers of a lib live beside its src and never ship; this must come before the lib's own mapping.
    '^@app/contracts/test/(.*)$': '<rootDir>/libs/contracts/test/$1',
    '^@app/contracts(|/.*)$': '<rootDir>/libs/contracts/src$1',
    '^@app/domain(|/.*)$': '<rootDir>/libs/domain/src$1',
    '^@app/projections(|/.*)$': '<rootDir>/libs/projections/src$1',
    '^@app/storage(|/.*)$': '<rootDir>/libs/storage/src$1',
  },
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  globalSetup: '<rootDir>/test/support/build-dist.global-setup.ts',
};

module.exports = {
  // With one worker (a 2-core machine) jest would run every file inside its own process, and what
  // each file leaves on the heap (Nest apps, compiled modules, browser contexts) adds up past Node's
  // heap limit before the last file. A memory limit makes jest run the files in a worker instead,
  // replaced whenever it holds more than this after a file.
  workerIdleMemoryLimit: '1GB',
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,bench}/**/*.spec.ts'] },
    { ...shared, displayName: 'e2e', testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'] },
    // The web app in Debian's Chromium (playwright-core); skipped, loudly, where it is not installed.
    {
      ...shared,
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
      globalSetup: '<rootDir>/test/browser/support/browser.global-setup.ts',
      globalTeardown: '<rootDir>/test/browser/support/browser.global-teardown.ts',
    },
  ],
};
