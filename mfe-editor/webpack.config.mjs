import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from '../tooling/createWebpackConfig.mjs';
import { buildResumeWorker } from '../tooling/resumeEngine.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

const config = createWebpackConfig({
  dir,
  key: 'editor',
  title: 'FolioForge · editor',
  exposes: {
    // The screens the shell routes to (shell/src/routes.ts).
    './Design': './src/screens/Design/Design.tsx',
    './Generator': './src/screens/Generator/Generator.tsx',
    './TemplatePage': './src/screens/TemplatePage/TemplatePage.tsx',
    './Portfolios': './src/screens/Portfolios/Portfolios.tsx',
    // A portfolio's blog posts (issue 49): its folder holds the screen and its parts.
    './Blog': './src/posts/Blog.tsx',
  },
});

/**
 * The image worker (src/images/startImageWorker.ts) starts through CrossOriginWorker, which webpack
 * compiles as it does `new Worker(new URL(…, import.meta.url))`: its own chunk, its address. The
 * résumé worker imports shared packages, so it is bundled on its own first and emitted as an asset.
 */
export default async (env, argv) => {
  await buildResumeWorker();
  const built = config(env, argv);
  built.module.parser = { javascript: { worker: ['CrossOriginWorker from ./crossOriginWorker', '...'] } };
  return built;
};
