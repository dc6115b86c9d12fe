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
import { dirname, relative, resolve, sep } from 'node:path';

/**
 * @typedef {{ allow: string[], why: string }} Layer
 * Layer names: engine folders ('domain', 'store', …), 'connector' (a folder below connectors/),
 * 'contract' (files directly in connectors/), 'root' (files directly in src/main/engine).
 */

/** @param {Record<string, Layer>} layers */
export function engineLayersRule(layers) {
  return {
    meta: {
      type: 'problem',
      docs: { description: 'Engine layers: each layer imports only the layers of its allow-list.' },
      schema: [],
      messages: {
        denied: "The {{from}} layer must not import the {{to}} layer ('{{source}}'). {{why}}",
      },
    },
    create(context) {
      const file = context.filename ?? context.getFilename();
      const engineRoot = findEngineRoot(file);
      if (!engineRoot) return {};
      const from = layerOf(engineRoot, file);
      const layer = layers[from.layer];
      if (!layer) return {};
      const check = (node, source) => {
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const target = resolve(dirname(file), source);
        const rel = relative(engineRoot, target);
        if (rel.startsWith('..')) return; // outside the engine (src/shared): open to all
        const to = layerOf(engineRoot, target + '.ts');
        if (to.layer === from.layer && to.folder === from.folder) return;
        if (layer.allow.includes(to.layer)) return;
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
  if (parts.length === 1) return { layer: 'root', folder: '', name: 'engine root' };
  if (parts[0] === 'connectors') {
    if (parts.length === 2) return { layer: 'contract', folder: '', name: 'connector contract' };
    return { layer: 'connector', folder: parts[1], name: `connectors/${parts[1]}` };
  }
  return { layer: parts[0], folder: '', name: parts[0] };
}
