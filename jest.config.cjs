// Component tests of every app: jsdom, SWC (the same options as the webpack builds), Sass modules as
// class-name proxies. Browser tests of the whole system live in e2e/ and run in Chromium instead.
const swcOptions = require('./tooling/swcOptions.cjs');

module.exports = {
  testEnvironment: '<rootDir>/tooling/jest/jsdomWithFetch.cjs',
  roots: ['<rootDir>/shared', '<rootDir>/shell', '<rootDir>/mfe-auth', '<rootDir>/mfe-templates', '<rootDir>/mfe-editor', '<rootDir>/mfe-commerce', '<rootDir>/mfe-content'],
  testMatch: ['**/src/**/*.test.ts?(x)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swcOptions({ forJest: true })] },
  moduleNameMapper: {
    '\\.module\\.scss$': 'identity-obj-proxy',
    '\\.scss$': '<rootDir>/tooling/jest/styleStub.cjs',
    '\\.(png|jpe?g|gif|webp|svg|pdf)$': '<rootDir>/tooling/jest/fileStub.cjs',
  },
  setupFilesAfterEnv: ['<rootDir>/tooling/jest/setup.ts'],
  reporters: ['default', '<rootDir>/tooling/jest/summaryReporter.cjs'],
};
