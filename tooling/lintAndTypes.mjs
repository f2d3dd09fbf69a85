// `npm test`'s lint and types for the TypeScript projects, with one TypeScript program per project: the
// program tsc checks is the one ESLint's type-aware rule (a floating promise) reads its types from.
// Run apart, ESLint built each project's program again and typed much of it a second time (about a
// fifth of the lint stage's CPU: 169 s, now 132 s). Two parts, one per core:
//   --part apps  tsconfig.json's program: its type errors, and ESLint on the folders it includes;
//   --part rest  local-cloud's and e2e's programs (their type errors) and the edge functions' (for the
//                rule only: Deno checks them), and ESLint on every file the apps part does not lint.
// `--lint` / `--types` run one half alone (both by default). The rules are eslintPromises.config.mjs's,
// each file typed by the project of its nearest tsconfig.json, as the config's project service does.
// Exits 1 when a type error or a lint error is found.
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { UNTYPED_FILES } from '../eslintPromises.config.mjs';
import { repoRoot } from './repo.mjs';

/** Each project: its tsconfig, the files whose nearest tsconfig it is, and whether tsc's errors count. */
const PARTS = {
  apps: [{ config: 'tsconfig.json', files: '**/*.{ts,tsx}', typeErrors: true }],
  rest: [
    { config: 'local-cloud/tsconfig.json', files: 'local-cloud/**/*.{ts,tsx}', typeErrors: true },
    { config: 'e2e/tsconfig.json', files: 'e2e/**/*.{ts,tsx}', typeErrors: true },
    { config: 'supabase/functions/tsconfig.json', files: 'supabase/functions/**/*.{ts,tsx}', typeErrors: false },
  ],
};

/** The folders tsconfig.json includes: the apps part lints these, the rest part everything else. */
function appFolders() {
  const parsed = ts.readConfigFile(path.join(repoRoot, 'tsconfig.json'), ts.sys.readFile);
  return /** @type {string[]} */ (parsed.config.include);
}

/** The program tsc -p <config> --noEmit checks, with parent pointers set, as ESLint's parser needs them. */
function createProgram(config) {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(repoRoot, config),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!parsed) throw new Error(`${config} could not be read`);
  const host = ts.createCompilerHost(parsed.options, true);
  return { program: ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host }), configErrors: parsed.errors };
}

const formatHost = { getCanonicalFileName: (file) => file, getCurrentDirectory: () => repoRoot, getNewLine: () => '\n' };

/** tsc's errors for one program, printed as tsc prints them; returns how many. */
function reportTypeErrors(config, { program, configErrors }) {
  const diagnostics = [...configErrors, ...ts.getPreEmitDiagnostics(program)];
  const errors = diagnostics.filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error);
  // As tsc prints them: with colour and the line's text on a terminal, one line each in a log.
  const format = process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
  if (diagnostics.length) process.stdout.write(format(diagnostics, formatHost));
  console.log(`types ${config}: ${errors.length} error${errors.length === 1 ? '' : 's'}`);
  return errors.length;
}

async function lint(projects, patterns, ignorePatterns) {
  const eslint = new ESLint({
    cwd: repoRoot,
    overrideConfigFile: path.join(repoRoot, 'eslintPromises.config.mjs'),
    ignorePatterns,
    // Each project's files take their types from its program, not from a program the parser would build.
    overrideConfig: projects.map(({ files, program }) => ({
      files: [files],
      ignores: UNTYPED_FILES,
      languageOptions: { parserOptions: { projectService: false, programs: [program] } },
    })),
  });
  const results = await eslint.lintFiles(patterns);
  const formatter = await eslint.loadFormatter('stylish');
  const output = await formatter.format(results);
  if (output) console.log(output);
  const errors = results.reduce((sum, result) => sum + result.errorCount + result.fatalErrorCount, 0);
  console.log(`lint: ${results.length} files, ${errors} error${errors === 1 ? '' : 's'}`);
  return errors;
}

const args = process.argv.slice(2);
const part = args[args.indexOf('--part') + 1];
if (!(part === 'apps' || part === 'rest')) throw new Error('usage: node tooling/lintAndTypes.mjs --part apps|rest [--lint] [--types]');
const both = !args.includes('--lint') && !args.includes('--types');
const wantsLint = both || args.includes('--lint');
const wantsTypes = both || args.includes('--types');

const projects = PARTS[part]
  .filter((project) => wantsLint || project.typeErrors)
  .map((project) => ({ ...project, ...createProgram(project.config) }));
let errors = 0;
if (wantsTypes)
  for (const project of projects.filter((candidate) => candidate.typeErrors)) errors += reportTypeErrors(project.config, project);
if (wantsLint)
  errors +=
    part === 'apps'
      ? await lint(projects, appFolders(), [])
      : await lint(
          projects,
          ['.'],
          appFolders().map((folder) => `${folder}/**`),
        );
process.exitCode = errors ? 1 : 0;
