// Component tests of every app: jsdom, TypeScript through esbuild, or Babel where a file mocks (its preset hoists
// `jest.mock` above the imports: tooling/jest/transform.cjs), Sass modules as class-name proxies. Browser tests of the whole
// system live in e2e/ and run in Chromium instead.
const os = require('node:os');

const babelOptions = {
  babelrc: false,
  configFile: false,
  presets: [
    ['@babel/preset-env', { targets: { node: 'current' } }],
    ['@babel/preset-react', { runtime: 'automatic' }],
    '@babel/preset-typescript',
  ],
};

module.exports = {
  // Jest's default leaves a core for itself (one worker, in band, on two cores); its main process only
  // reports, so every core runs test files.
  maxWorkers: os.availableParallelism(),
  // A wait returns once what it waits for is there, so a long limit costs a passing test nothing; the
  // default 5 s failed tests of the editor on a busy 2-core machine that pass alone.
  testTimeout: 30_000,
  testEnvironment: '<rootDir>/tooling/jest/jsdomWithFetch.cjs',
  roots: [
    '<rootDir>/shared',
    '<rootDir>/templates',
    '<rootDir>/shell',
    '<rootDir>/mfe-auth',
    '<rootDir>/mfe-templates',
    '<rootDir>/mfe-editor',
    '<rootDir>/mfe-commerce',
    '<rootDir>/mfe-content',
  ],
  testMatch: ['**/src/**/*.test.ts?(x)'],
  // The résumé's PDF tests run on node's test runner (scripts/test.mjs, unit stage).
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/templates/src/resume/test/'],
  transform: { '^.+\\.(t|m?j)sx?$': ['<rootDir>/tooling/jest/transform.cjs', babelOptions] },
  // jsdom 27 (server-side sanitising tests) pulls in packages that ship only ES modules.
  transformIgnorePatterns: [
    '/node_modules/(?!(@exodus|@csstools|@asamuzakjp|parse5|entities|tough-cookie|tldts|cssstyle|data-urls|whatwg-)[^/]*)[^/]+(?:(?!/node_modules/).)*$',
  ],
  moduleNameMapper: {
    '\\.module\\.scss$': 'identity-obj-proxy',
    // The editor's résumé worker: jsdom has no Worker (mfe-editor/src/testing/fakeResumeWorker.ts).
    '^\\./startResumeWorker$': '<rootDir>/mfe-editor/src/testing/fakeResumeWorker.ts',
    '\\.scss$': '<rootDir>/tooling/jest/styleStub.cjs',
    '\\.(png|jpe?g|gif|webp|svg|pdf|woff2?)(\\?inline)?$': '<rootDir>/tooling/jest/fileStub.cjs',
  },
  setupFilesAfterEnv: ['<rootDir>/tooling/jest/setup.ts'],
  reporters: ['default', '<rootDir>/tooling/jest/summaryReporter.cjs'],
};
