// Jest's transformer: TypeScript and JSX through esbuild (a fifth of the CPU of Babel on a cold cache),
// except files that call jest.mock, which go through babel-jest: only its preset hoists jest.mock above
// the imports, and a module mocked after it was imported is not mocked at all.
const { createHash } = require('node:crypto');
const path = require('node:path');
const esbuild = require('esbuild');
const babelJest = require('babel-jest').default;

const LOADERS = { '.ts': 'ts', '.tsx': 'tsx', '.jsx': 'jsx' };
const callsJestMock = (source) => /\bjest\.(mock|doMock|unmock)\(/.test(source);

module.exports = {
  createTransformer(babelOptions) {
    // babel-jest's own transformer is synchronous, with both methods (its type allows a promise).
    const babel = /** @type {{ getCacheKey: (...args: unknown[]) => string, process: (...args: unknown[]) => { code: string } }} */ (
      babelJest.createTransformer(babelOptions)
    );
    return {
      canInstrument: false,
      getCacheKey(source, file, options) {
        if (callsJestMock(source)) return babel.getCacheKey(source, file, options);
        return createHash('sha1').update(`esbuild ${esbuild.version}\0${file}\0${options.configString}\0`).update(source).digest('hex');
      },
      process(source, file, options) {
        if (callsJestMock(source)) return babel.process(source, file, options);
        const { code } = esbuild.transformSync(source, {
          loader: LOADERS[path.extname(file)] ?? 'js',
          format: 'cjs',
          target: 'node20',
          jsx: 'automatic',
          // import() as require(): jest runs CommonJS, and a real import() needs --experimental-vm-modules.
          supported: { 'dynamic-import': false },
          sourcemap: 'inline',
          sourcefile: file,
        });
        return { code };
      },
    };
  },
};
