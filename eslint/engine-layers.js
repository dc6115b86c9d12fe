/**
 * `coffer/engine-layers`: the engine's layering as allow-lists, in the spirit of VS Code's `code-layering`.
 *
 * Every file of src/main/engine belongs to a layer, named by the first folder below the engine (a
 * connector's own folder is its own layer). An import of another engine file is allowed only when the
 * target's layer is in the importer's allow-list (its own layer is always allowed). Type-only imports count
 * too: a layer that needs another's types depends on it. src/shared is open to every layer.
 *
 * The allow-lists (LAYERS below) are the architecture: routes and http → services and features → domain
 * and store; sync → connectors, store, domain; a connector → its own folder and the connector contract;
 * domain → nothing of the engine. docs/architecture.md draws the same picture.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * @typedef {{ allow: string[], types?: string[], why: string }} Layer
 * `types`: layers this one may import types from (`import type`), but no code.
 * Layer names: engine folders ('domain', 'store', …), 'connector' (a folder below connectors/),
 * 'contract' (files directly in connectors/), 'registry' (connectors/registry.ts), 'composition' and
 * 'kernel' (files directly in src/main/engine).
 */

/**
 * @typedef {{ dynamicFrom: string[], why: string }} Outside
 * Code beside the engine in src/main (a folder name → who may reach it): e.g. a bank emulator, which is test
 * and demo code. No engine file may import it, except a dynamic `import()` in the files of `dynamicFrom`
 * (paths relative to the engine), which load it only on demand.
 */

/** @param {Record<string, Layer>} layers @param {Record<string, Outside>} [outside] */
export function engineLayersRule(layers, outside = {}) {
  return {
    meta: {
      type: 'problem',
      docs: { description: 'Engine layers: each layer imports only the layers of its allow-list.' },
      schema: [],
      messages: {
        denied: "The {{from}} layer must not import the {{to}} layer ('{{source}}'). {{why}}",
        outside: "The engine must not import {{to}} ('{{source}}'). {{why}}",
      },
    },
    create(context) {
      const file = context.filename ?? context.getFilename();
      const engineRoot = findEngineRoot(file);
      if (!engineRoot) return {};
      const from = layerOf(engineRoot, file);
      const layer = layers[from.layer];
      const fromPath = relative(engineRoot, file).split(sep).join('/');
      const check = (node, source) => {
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        let target = resolve(dirname(file), source);
        // A folder import names its index module.
        if (existsSync(target) && statSync(target).isDirectory()) target = join(target, 'index');
        const rel = relative(engineRoot, target);
        if (rel.startsWith('..')) {
          // Outside the engine: src/shared is open to all; a folder of `outside` only as its entry says.
          const beside = relative(dirname(engineRoot), target).split(sep)[0];
          const rule = outside[beside];
          if (!rule) return;
          if (node.type === 'ImportExpression' && rule.dynamicFrom.includes(fromPath)) return;
          context.report({ node, messageId: 'outside', data: { to: `src/main/${beside}`, source, why: rule.why } });
          return;
        }
        if (!layer) return;
        const to = layerOf(engineRoot, target + '.ts');
        if (to.layer === from.layer && to.folder === from.folder) return;
        if (layer.allow.includes(to.layer)) return;
        if (node.importKind === 'type' && layer.types?.includes(to.layer)) return;
        context.report({ node, messageId: 'denied', data: { from: from.name, to: to.name, source, why: layer.why } });
      };
      return {
        ImportDeclaration: (node) => check(node, node.source.value),
        ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
        ExportAllDeclaration: (node) => check(node, node.source.value),
        ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      };
    },
  };
}

function findEngineRoot(file) {
  const marker = `${sep}src${sep}main${sep}engine${sep}`;
  const at = file.lastIndexOf(marker);
  return at < 0 ? null : file.slice(0, at + marker.length - 1);
}

/** The layer of an engine file: its first folder, with connectors split into the contract and each connector. */
function layerOf(engineRoot, file) {
  const parts = relative(engineRoot, file).split(sep);
  if (parts.length === 1) {
    // engine.ts, startup.ts and utility-entry.ts compose the engine (results-thread.ts the results writer
    // thread's few parts); the other files at the root (context.ts:
    // the Engine's shape, settings, logger, paths, the data-folder lock) are its kernel.
    const composition = ['engine.ts', 'startup.ts', 'utility-entry.ts', 'results-thread.ts'].includes(parts[0]);
    return composition
      ? { layer: 'composition', folder: '', name: 'composition root' }
      : { layer: 'kernel', folder: '', name: 'engine kernel' };
  }
  if (parts[0] === 'connectors') {
    if (parts.length === 2 && parts[1] === 'registry.ts') return { layer: 'registry', folder: '', name: 'connector registry' };
    if (parts.length === 2) return { layer: 'contract', folder: '', name: 'connector contract' };
    return { layer: 'connector', folder: parts[1], name: `connectors/${parts[1]}` };
  }
  return { layer: parts[0], folder: '', name: parts[0] };
}
