#!/usr/bin/env node
// Folder-level import cycles inside the engine: every file of src/main/engine is mapped to its top-level
// folder (a file at the root of the engine counts as its own unit, e.g. "engine.ts"), every relative
// import (type-only ones included) becomes an edge between units, and each strongly connected group of
// more than one unit is reported with the files that make its edges, after the pairs of units that
// import each other directly. Exit code 1 when there is a cycle.
// Usage: node scripts/import-cycles.mjs [engine-dir]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(process.argv[2] ?? 'src/main/engine');
const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.tsx?$/.test(name)) files.push(path);
  }
})(root);

const unitOf = (file) => relative(root, file).split(sep)[0];
const edges = new Map(); // unit -> Map(unit -> [file → import])
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(IMPORT)) {
    const target = resolve(dirname(file), m[1] ?? m[2]);
    if (!target.startsWith(root + sep)) continue;
    const from = unitOf(file);
    const to = unitOf(target.endsWith('.ts') ? target : `${target}.ts`).replace(/\.ts\.ts$/, '.ts');
    if (from === to) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    const out = edges.get(from);
    if (!out.has(to)) out.set(to, []);
    out.get(to).push(`${relative(root, file)} → ${m[1] ?? m[2]}`);
  }
}

// Tarjan's strongly connected components.
let index = 0;
const stack = [];
const state = new Map();
const groups = [];
function connect(v) {
  state.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of edges.get(v)?.keys() ?? []) {
    if (!state.has(w)) {
      connect(w);
      state.get(v).low = Math.min(state.get(v).low, state.get(w).low);
    } else if (state.get(w).onStack) state.get(v).low = Math.min(state.get(v).low, state.get(w).index);
  }
  if (state.get(v).low === state.get(v).index) {
    const group = [];
    let w;
    do {
      w = stack.pop();
      state.get(w).onStack = false;
      group.push(w);
    } while (w !== v);
    if (group.length > 1) groups.push(group.sort());
  }
}
for (const v of edges.keys()) if (!state.has(v)) connect(v);

// Pairs of units that import each other directly (the shortest cycles, the ones to remove first).
const pairs = [];
for (const [a, out] of edges) for (const b of out.keys()) if (a < b && edges.get(b)?.has(a)) pairs.push([a, b]);
for (const [a, b] of pairs) {
  console.log(`pair: ${a} ↔ ${b}`);
  console.log(`  ${a} → ${b}: ${edges.get(a).get(b).slice(0, 2).join('; ')}`);
  console.log(`  ${b} → ${a}: ${edges.get(b).get(a).slice(0, 2).join('; ')}`);
}

for (const group of groups) {
  console.log(`cycle: ${group.join(' ↔ ')}`);
  for (const from of group) {
    for (const [to, via] of edges.get(from) ?? []) {
      if (group.includes(to)) console.log(`  ${from} → ${to}: ${via.slice(0, 3).join('; ')}${via.length > 3 ? ` (+${via.length - 3})` : ''}`);
    }
  }
}
console.log(`folder cycles: ${groups.length} strongly connected groups (units: ${groups.map((g) => g.length).join(', ') || 0}), ${pairs.length} mutual pairs`);
process.exit(groups.length ? 1 : 0);
