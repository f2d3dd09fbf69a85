// One SWC setup for webpack (swc-loader) and jest (@swc/jest), so tests compile what ships.
module.exports = function swcOptions({ development = false, forJest = false } = {}) {
  return {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2020',
      transform: { react: { runtime: 'automatic', development } },
    },
    module: forJest ? { type: 'commonjs' } : undefined,
    sourceMaps: development || forJest ? true : false,
  };
};
