// Type-checks one workspace package of the apps alone (`npm test -w mfe-editor`): the root
// tsconfig.json's options, but only the package's own files as roots, beside the declarations every
// package relies on; what they import from shared/ and templates/ is checked as far as they use it. The root
// `npm test` checks every package at once with the same tsconfig.json.
import path from 'node:path';
import ts from 'typescript';
import { repoRoot } from './repo.mjs';

const packageDir = path.resolve(process.argv[2] ?? process.cwd());
const project = ts.getParsedCommandLineOfConfigFile(
  path.join(repoRoot, 'tsconfig.json'),
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic() {} },
);
if (!project) throw new Error('tsconfig.json could not be read');

const inside = (dir) => (file) => path.resolve(file).startsWith(dir + path.sep);
// types/: global declarations (Sass modules, assets); tooling/jest: the setup that adds jest-dom's matchers.
const shared = [path.join(repoRoot, 'types'), path.join(repoRoot, 'tooling/jest')].map(inside);
const roots = project.fileNames.filter((file) => inside(packageDir)(file) || shared.some((isInside) => isInside(file)));
if (!roots.some(inside(packageDir))) throw new Error(`${path.relative(repoRoot, packageDir)} has no files in tsconfig.json`);

const program = ts.createProgram({ rootNames: roots, options: project.options });
const diagnostics = ts.getPreEmitDiagnostics(program);
const host = { getCanonicalFileName: (file) => file, getCurrentDirectory: () => repoRoot, getNewLine: () => '\n' };
if (diagnostics.length) {
  const format = process.stderr.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
  console.error(format(diagnostics, host));
  process.exit(1);
}
console.log(`types: ${path.relative(repoRoot, packageDir)} checks (${roots.length} files and what they import)`);
