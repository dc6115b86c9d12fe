/**
 * A small JSON-Schema → TypeScript emitter for what the engine's route schemas use: type (one or a list,
 * with null), enum, const, properties, required, additionalProperties, items, anyOf/oneOf. Formats and
 * bounds are the engine's business and left out. Used by generate-api-types.mjs; pure (no I/O).
 */

function pointer(schema, path) {
  let node = schema;
  for (const part of path.split('/').filter(Boolean)) {
    node = node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (node === undefined) return undefined;
  }
  return node;
}

export function responseSchema(doc, [method, path, status, inner]) {
  const op = doc.paths?.[path]?.[method];
  const schema = op?.responses?.[status]?.content?.['application/json']?.schema;
  const found = schema && pointer(schema, inner);
  if (!found) throw new Error(`no schema at ${method.toUpperCase()} ${path} ${status} ${inner || '(root)'}`);
  return found;
}

/** The shape of a schema without its prose, for recognising a named record wherever it appears. */
export function shapeKey(schema) {
  const strip = (node) => {
    if (Array.isArray(node)) return node.map(strip);
    if (!node || typeof node !== 'object') return node;
    const out = {};
    for (const key of Object.keys(node).sort()) {
      if (key === 'description' || key.startsWith('x-')) continue;
      out[key] = key === 'required' ? [...node[key]].sort() : strip(node[key]);
    }
    return out;
  };
  return JSON.stringify(strip(schema));
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function comment(schema, indent) {
  const parts = [];
  if (schema.description) parts.push(String(schema.description).trim());
  if (schema['x-coffer-extension']) parts.push('(Coffer extension to the published interface.)');
  if (!parts.length) return '';
  const text = parts.join(' ').replace(/\*\//g, '*\\/');
  return `${indent}/** ${text} */\n`;
}

function createEmitter(names, valueSetTypes) {
  const emit = (schema, indent, owner) => {
    const named = names.get(shapeKey(schema));
    if (named && named !== owner) return named;
    if (schema.anyOf || schema.oneOf) return union((schema.anyOf ?? schema.oneOf).map((s) => emit(s, indent)));
    if ('const' in schema) return literal(schema.const);
    if (Array.isArray(schema.enum)) return union(schema.enum.map(literal));
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    if (types.length > 1) return union(types.map((t) => emit({ ...schema, type: t }, indent, owner)));
    switch (types[0]) {
      case 'string':
        return 'string';
      case 'integer':
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'array':
        return `${wrap(schema.items ? emit(schema.items, indent) : 'unknown')}[]`;
      case 'object':
      case undefined:
        return object(schema, indent, owner);
      default:
        throw new Error(`unsupported schema type ${JSON.stringify(schema.type)}`);
    }
  };

  const object = (schema, indent, owner) => {
    const properties = Object.entries(schema.properties ?? {});
    const open =
      schema.additionalProperties === true || (schema.additionalProperties === undefined && !properties.length);
    if (!properties.length) return open ? 'Record<string, unknown>' : 'Record<string, never>';
    const required = new Set(schema.required ?? []);
    const inner = `${indent}  `;
    const lines = properties.map(([name, property]) => {
      const key = IDENTIFIER.test(name) ? name : literal(name);
      const type = (owner && valueSetTypes(owner, name, property)) ?? emit(property, inner);
      return `${comment(property, inner)}${inner}${key}${required.has(name) ? '' : '?'}: ${type};`;
    });
    // A record with named members that allows more keeps only the named ones: an index signature would
    // widen every member to `unknown` under Omit/Pick, and the renderer reads only what is named.
    return `{\n${lines.join('\n')}\n${indent}}`;
  };

  return emit;
}

/** A literal in the repository's style (single quotes). */
const literal = (value) =>
  typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : JSON.stringify(value);
const union = (members) => [...new Set(members)].join(' | ');
const wrap = (type) => (/[|&]/.test(type) && !type.startsWith('{') ? `(${type})` : type);

function importLine(names, from) {
  const oneLine = `import type { ${names.join(', ')} } from '${from}';`;
  if (oneLine.length <= 120) return oneLine;
  return `import type {\n${names.map((n) => `  ${n},`).join('\n')}\n} from '${from}';`;
}

/**
 * The TypeScript text of the named records of an OpenAPI document.
 * - records: name → [method, path, status, JSON pointer inside that response's schema ('' = all of it)].
 * - valueSets: 'Record.field' → [type name, constant name, kind?]; kind 'array' for a list of values,
 *   'record-array' for a list of another record (constant null). The field's type becomes that name,
 *   imported from `valueSetModule`; if the document lists an enum there it must equal values[constant].
 * - header: comment lines put first.
 * Wherever a schema equal (prose aside) to a named record appears inside another, its name is written.
 */
export function recordsToTypeScript(doc, { records, valueSets = {}, values = {}, valueSetModule, header = [] }) {
  const schemas = Object.fromEntries(
    Object.entries(records).map(([name, where]) => [name, responseSchema(doc, where)]),
  );
  const names = new Map();
  for (const [name, schema] of Object.entries(schemas))
    if (!names.has(shapeKey(schema))) names.set(shapeKey(schema), name);
  const imported = new Set();

  const valueSetTypes = (owner, field, property) => {
    const rule = valueSets[`${owner}.${field}`];
    if (!rule) return null;
    const [typeName, constant, kind] = rule;
    if (kind === 'record-array') return `${typeName}[]`;
    const listed = kind === 'array' ? property.items?.enum : property.enum;
    if (listed && JSON.stringify([...listed].sort()) !== JSON.stringify([...values[constant]].sort()))
      throw new Error(`${owner}.${field}: the document's enum differs from ${constant}`);
    imported.add(typeName);
    return kind === 'array' ? `${typeName}[]` : typeName;
  };

  const emit = createEmitter(names, valueSetTypes);
  const blocks = Object.entries(schemas).map(([name, schema]) => {
    const type = emit(schema, '', name);
    const declaration = type.startsWith('{') ? `export interface ${name} ${type}` : `export type ${name} = ${type};`;
    return `${comment(schema, '')}${declaration}`;
  });
  const top = [...header.map((line) => `// ${line}`.trimEnd()), ''];
  if (imported.size) top.push(importLine([...imported].sort(), valueSetModule), '');
  return `${top.join('\n')}\n${blocks.join('\n\n')}\n`;
}
