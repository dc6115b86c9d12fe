#!/usr/bin/env node
/**
 * Measures how well the engine keeps its layers, for closing notes and reviews:
 * - SQL statement sites outside store/ and db/ (calls to .prepare( / .exec( and SQL keywords in strings);
 * - folder-level import cycles inside src/main/engine (folder A imports B and B imports A, directly or
 *   through other folders);
 * - the longest functions of src/ (lines from the function's first to its last line).
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

/** The engine folder a file belongs to: its first path segment below the engine ('' for engine/*.ts). */
function folderOf(file) {
  const rel = relative(engineDir, file).split('/');
  return rel.length > 1 ? rel[0] : '(root)';
}

const engineFiles = walk(engineDir);
const sqlPattern = /\.prepare\(|\bdb\.exec\(|\b(SELECT|INSERT INTO|UPDATE|DELETE FROM|CREATE (TEMP )?(TABLE|TRIGGER|INDEX))\s/;
const sqlSites = [];
for (const file of engineFiles) {
  const folder = folderOf(file);
  if (folder === 'store' || folder === 'db') continue;
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (sqlPattern.test(line) && !line.trim().startsWith('*') && !line.trim().startsWith('//')) {
        sqlSites.push(`${relative(root, file)}:${i + 1}`);
      }
    });
}

const edges = new Map();
for (const file of engineFiles) {
  const from = folderOf(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]/g)) {
    let target = resolve(dirname(file), m[1]);
    if (existsSync(target) && statSync(target).isDirectory()) target = join(target, 'index');
    if (!target.startsWith(engineDir)) continue;
    const to = folderOf(target + '.ts');
    if (to === from || to === '(root)' || from === '(root)') continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
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
    for (const w of edges.get(v) ?? []) {
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
for (const [a, targets] of edges) for (const b of targets) if (a < b && edges.get(b)?.has(a)) directPairs.push(`${a} ↔ ${b}`);

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
};
if (args.includes('--json')) {
  console.log(JSON.stringify({ ...report, sql_sites: sqlSites }, null, 2));
} else {
  console.log(`SQL sites outside store/ and db/: ${sqlSites.length}`);
  for (const site of sqlSites.slice(0, 40)) console.log(`  ${site}`);
  console.log(`Folder-level import cycles (strongly connected folder groups): ${folderCycles.length}`);
  for (const c of folderCycles) console.log(`  ${c.join(' → ')}`);
  console.log(`Direct two-folder cycles: ${directPairs.length}`);
  for (const p of directPairs) console.log(`  ${p}`);
  console.log('Longest functions:');
  for (const f of report.longest_functions) console.log(`  ${f.lines} lines  ${f.name}  ${f.where}`);
}
