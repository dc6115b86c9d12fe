#!/usr/bin/env node
/**
 * Measures how well the engine keeps its layers, for closing notes and reviews:
 * - SQL statement sites outside store/ and db/ (calls to .prepare( / .exec( and SQL keywords in strings);
 * - import cycles between the engine's units (a unit is a folder of src/main/engine, or one file at its root
 *   such as context.ts: every file counts, type-only imports and `import()` included), each with the imports
 *   that make it (folder A imports B and B imports A, directly or through other units);
 * - the longest functions of src/ (lines from the function's first to its last line), and how many are
 *   longer than 80 and than 150 lines.
 * Exits with 1 when there is a cycle or SQL outside store/ and db/ (the architecture test runs it).
 * Usage: node scripts/architecture-report.mjs [--json] [--root DIR]
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const rootArg = args.indexOf('--root');
const root = resolve(rootArg >= 0 ? args[rootArg + 1] : join(import.meta.dirname, '..'));
const engineDir = join(root, 'src/main/engine');

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walk(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The unit a file belongs to: its first folder below the engine, or the file itself at the engine's root. */
function unitOf(file) {
  return relative(engineDir, file).split('/')[0];
}

/** The file an import names: `x` is x.ts, x.tsx or x/index.ts. */
function resolveImport(from, specifier) {
  const target = resolve(dirname(from), specifier);
  const candidates = [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts'), target.replace(/\.js$/, '.ts')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? `${target}.ts`;
}

const engineFiles = walk(engineDir);
const sqlPattern = /\.prepare\(|\bdb\.exec\(|\b(SELECT|INSERT INTO|UPDATE|DELETE FROM|CREATE (TEMP )?(TABLE|TRIGGER|INDEX))\s/;
const sqlSites = [];
for (const file of engineFiles) {
  const unit = unitOf(file);
  if (unit === 'store' || unit === 'db') continue;
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (sqlPattern.test(line) && !line.trim().startsWith('*') && !line.trim().startsWith('//')) {
        sqlSites.push(`${relative(root, file)}:${i + 1}`);
      }
    });
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
/** unit -> Map(unit -> the imports that make the edge, as "file → specifier") */
const edges = new Map();
for (const file of engineFiles) {
  const from = unitOf(file);
  for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const specifier = m[1] ?? m[2];
    const target = resolveImport(file, specifier);
    if (!target.startsWith(engineDir + '/')) continue;
    const to = unitOf(target);
    if (to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    const out = edges.get(from);
    if (!out.has(to)) out.set(to, []);
    out.get(to).push(`${relative(engineDir, file)} → ${specifier}`);
  }
}
/** Strongly connected components of the folder graph with more than one folder are the cycles. */
function cycles() {
  let index = 0;
  const stack = [];
  const info = new Map();
  const found = [];
  const strong = (v) => {
    info.set(v, { index, low: index, onStack: true });
    index++;
    stack.push(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!info.has(w)) {
        strong(w);
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
      } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
    if (info.get(v).low === info.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        info.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!info.has(v)) strong(v);
  return found;
}
const folderCycles = cycles();
const directPairs = [];
for (const [a, targets] of edges) for (const b of targets.keys()) if (a < b && edges.get(b)?.has(a)) directPairs.push(`${a} ↔ ${b}`);

const functions = [];
for (const file of walk(join(root, 'src'))) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(node.end).line;
      let name = node.name?.getText?.() ?? '';
      if (!name && ts.isVariableDeclaration(node.parent)) name = node.parent.name.getText();
      functions.push({ where: `${relative(root, file)}:${start + 1}`, name: name || '(anonymous)', lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
functions.sort((a, b) => b.lines - a.lines);

const report = {
  sql_sites_outside_store: sqlSites.length,
  folder_cycles: folderCycles,
  direct_folder_cycles: directPairs,
  longest_functions: functions.slice(0, 8),
  functions_over_80_lines: functions.filter((f) => f.lines > 80).length,
  functions_over_150_lines: functions.filter((f) => f.lines > 150).length,
};
if (args.includes('--json')) {
  console.log(JSON.stringify({ ...report, sql_sites: sqlSites }, null, 2));
} else {
  console.log(`SQL sites outside store/ and db/: ${sqlSites.length}`);
  for (const site of sqlSites.slice(0, 40)) console.log(`  ${site}`);
  console.log(`Import cycles between engine units (strongly connected groups): ${folderCycles.length}`);
  for (const c of folderCycles) {
    console.log(`  ${c.join(' ↔ ')}`);
    for (const from of c) {
      for (const [to, via] of edges.get(from) ?? []) {
        if (c.includes(to)) console.log(`    ${from} → ${to}: ${via.slice(0, 3).join('; ')}${via.length > 3 ? ` (+${via.length - 3})` : ''}`);
      }
    }
  }
  console.log(`Direct two-unit cycles: ${directPairs.length}`);
  for (const p of directPairs) console.log(`  ${p}`);
  console.log(`Functions over 80 lines: ${report.functions_over_80_lines}, over 150 lines: ${report.functions_over_150_lines}`);
  console.log('Longest functions:');
  for (const f of report.longest_functions) console.log(`  ${f.lines} lines  ${f.name}  ${f.where}`);
}
process.exitCode = folderCycles.length || sqlSites.length ? 1 : 0;
