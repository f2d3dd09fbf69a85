// The page renderer's types, generated from its sources (tooling/siteRenderer.mjs calls this beside
// the bundle): TypeScript's declaration emit for templates/src/render/index.ts and the declaration
// files it leads to, written under `siteRenderer.types/` with every import spelled as Deno reads it
// (relative, with its extension), and `siteRenderer.generated.d.mts` naming the entry's exports from
// them. A type from another workspace package (`@folioforge/shared`) is taken from the file that
// declares it; npm packages (react) stay imports. Nothing here is written by hand.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { repoRoot } from './repo.mjs';

const ENTRY = path.join(repoRoot, 'templates/src/render/index.ts');
/** Declarations webpack's loaders give meaning to (Sass modules, pictures): part of the program. */
const AMBIENT = path.join(repoRoot, 'types/assets.d.ts');

function compilerOptions() {
  const config = ts.readConfigFile(path.join(repoRoot, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, repoRoot);
  return { ...options, noEmit: false, declaration: true, emitDeclarationOnly: true, outDir: undefined, types: [] };
}

const inRepo = (file) => !path.relative(repoRoot, file).startsWith('..') && !file.includes(`${path.sep}node_modules${path.sep}`);
const declarationPath = (outDir, source) => path.join(outDir, path.relative(repoRoot, source).replace(/\.(tsx?|mts)$/, '.d.ts'));

/**
 * Writes the renderer's declarations into `outDir` and returns the text of the d.mts that exports the
 * entry's names from them (`extra`: declarations of what the bundle adds, e.g. its CSS).
 * @param {string} outDir
 * @param {string} typesFile the d.mts, whose imports are spelled relative to it
 * @param {string} extra
 */
export function writeSiteRendererTypes(outDir, typesFile, extra) {
  const options = compilerOptions();
  const program = ts.createProgram([ENTRY, AMBIENT], options);
  const checker = program.getTypeChecker();
  /** @type {Map<string, string>} source file → its emitted declaration text */
  const emitted = new Map();
  const keep = (_fileName, text, _bom, _onError, sources) => {
    for (const source of sources ?? []) emitted.set(source.fileName, text);
  };
  // Only the files the declarations lead to, each when reached: emitting the whole program declared (and
  // so type-checked) every module the renderer bundles, 12 s of CPU instead of 8.6.
  const declarationsOf = (source) => {
    if (!emitted.has(source)) {
      const sourceFile = program.getSourceFile(source);
      if (sourceFile && !program.isSourceFileFromExternalLibrary(sourceFile)) program.emit(sourceFile, keep);
      // A workspace package reached through node_modules counts as a library and is not emitted: on its own.
      else ts.createProgram([source, AMBIENT], options).emit(undefined, keep);
    }
    return emitted.get(source);
  };

  /** The exports of a module of the program. */
  const exportsOf = (file) => {
    const sourceFile = program.getSourceFile(file);
    const moduleSymbol = sourceFile && checker.getSymbolAtLocation(sourceFile);
    if (!moduleSymbol) throw new Error(`${file} is not a module of the renderer`);
    return checker.getExportsOfModule(moduleSymbol);
  };
  /** The file that declares `name` as exported from the module `moduleFile`. */
  const declaringFile = (moduleFile, name) => {
    const exported = exportsOf(moduleFile).find((symbol) => symbol.name === name);
    const target = exported && exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const declaration = target?.declarations?.[0];
    if (!declaration) throw new Error(`${name} is not exported by ${moduleFile}`);
    return declaration.getSourceFile().fileName;
  };

  fs.rmSync(outDir, { recursive: true, force: true });
  const queue = [ENTRY];
  const written = new Set();
  while (queue.length) {
    const source = /** @type {string} */ (queue.pop());
    if (written.has(source)) continue;
    written.add(source);
    const text = declarationsOf(source);
    if (text === undefined) throw new Error(`no declarations were emitted for ${source}`);
    const out = declarationPath(outDir, source);
    const parsed = ts.createSourceFile(out, text, ts.ScriptTarget.ES2022, true);
    const edits = [];
    for (const statement of parsed.statements) {
      if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) || !statement.moduleSpecifier) continue;
      const specifier = /** @type {ts.StringLiteral} */ (statement.moduleSpecifier).text;
      const resolved = ts.resolveModuleName(specifier, source, options, ts.sys).resolvedModule;
      if (
        !resolved ||
        !inRepo(resolved.resolvedFileName) ||
        (resolved.isExternalLibraryImport && !inRepo(fs.realpathSync(resolved.resolvedFileName)))
      )
        continue;
      const target = fs.realpathSync(resolved.resolvedFileName);
      const relative = (file) => {
        const spelled = path.relative(path.dirname(out), declarationPath(outDir, file)).split(path.sep).join('/');
        return spelled.startsWith('.') ? spelled : `./${spelled}`;
      };
      if (specifier.startsWith('.')) {
        queue.push(target);
        edits.push({ node: statement.moduleSpecifier, text: `'${relative(target)}'` });
        continue;
      }
      // Another workspace package: each name from the file that declares it, not the package's index.
      const clause = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : statement.exportClause;
      if (!clause || !('elements' in clause)) throw new Error(`${source}: only named imports of ${specifier} can be followed`);
      const lines = clause.elements.map((element) => {
        const name = (element.propertyName ?? element.name).text;
        const file = declaringFile(target, name);
        queue.push(file);
        const local = element.propertyName ? `${name} as ${element.name.text}` : name;
        return `${ts.isImportDeclaration(statement) ? 'import' : 'export'} type { ${local} } from '${relative(file)}';`;
      });
      edits.push({ node: statement, text: lines.join('\n') });
    }
    let result = text;
    for (const edit of edits.sort((a, b) => b.node.getStart(parsed) - a.node.getStart(parsed))) {
      result = result.slice(0, edit.node.getStart(parsed)) + edit.text + result.slice(edit.node.getEnd());
    }
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, result);
  }

  const names = exportsOf(ENTRY).map((symbol) => {
    const target = checker.getAliasedSymbol(symbol);
    return target.flags & ts.SymbolFlags.Value ? symbol.name : `type ${symbol.name}`;
  });
  const from = path.relative(path.dirname(typesFile), declarationPath(outDir, ENTRY)).split(path.sep).join('/');
  return `export { ${names.join(', ')} } from './${from}';\n${extra}`;
}
