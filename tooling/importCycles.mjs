// No import cycles among the project's own modules: a cycle makes load order decide what a module
// sees (an export still undefined), and it undoes the layers the apps are built in (ARCHITECTURE.md).
// This was ESLint's import/no-cycle, which parsed every module a second time and took most of the
// lint run; TypeScript's own parser and resolver do the same in a few seconds. As that rule did, it
// follows value imports (static, re-exports and `import()`), not type-only ones, and looks through
// workspace packages (`@folioforge/shared` is its sources) but not into node_modules.
// `node tooling/importCycles.mjs` prints each cycle and exits 1; `npm test` runs it in the lint stage.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { repoRoot } from './repo.mjs';

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

/** The module specifiers a file imports for their values (type-only imports and exports left out). */
export function valueImports(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Strongly connected components of more than one module, or a module importing itself (Tarjan). */
function cyclesOf(graph) {
  let index = 0;
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const connect = (node) => {
    order.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), order.get(next)));
    }
    if (low.get(node) !== order.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.has(node)) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!order.has(node)) connect(node);
  return cycles;
}

/**
 * The import cycles among `files` (absolute paths): each a sorted list of the modules in it.
 * @param {string[]} files
 * @returns {string[][]}
 */
export function importCycles(files) {
  const { options } = ts.parseJsonConfigFileContent(
    ts.readConfigFile(path.join(repoRoot, 'tsconfig.base.json'), ts.sys.readFile).config,
    ts.sys,
    repoRoot,
  );
  const known = new Set(files);
  const cache = ts.createModuleResolutionCache(repoRoot, (name) => name, options);
  const graph = new Map();
  for (const file of files) {
    const targets = new Set();
    for (const specifier of valueImports(file, fs.readFileSync(file, 'utf8'))) {
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys, cache).resolvedModule?.resolvedFileName;
      if (!resolved) continue;
      // A workspace package resolves through its node_modules link to its sources; a package does not.
      const target = fs.realpathSync(resolved);
      if (known.has(target)) targets.add(target);
    }
    graph.set(file, targets);
  }
  return cyclesOf(graph);
}

/** The project's own modules: tracked sources outside node_modules (generated bundles are not tracked). */
function trackedSources() {
  return execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((file) => SOURCE.test(file) && !file.endsWith('.d.ts') && !file.split('/').includes('node_modules'))
    .map((file) => path.join(repoRoot, file))
    .filter((file) => fs.existsSync(file));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = trackedSources();
  const cycles = importCycles(files);
  for (const cycle of cycles) console.error(`import cycle: ${cycle.map((file) => path.relative(repoRoot, file)).join(' ⇄ ')}`);
  console.log(`import cycles: ${cycles.length} among ${files.length} modules`);
  process.exit(cycles.length ? 1 : 0);
}
