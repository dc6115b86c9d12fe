/**
 * `coffer/no-module-state`: no mutable state at the top level of a module.
 *
 * A module is loaded once per process, so whatever it keeps at its top level is shared by every engine,
 * every store and every test of that process: two engines in one process, or two sessions of the app's
 * store, would see each other's timers, tokens and caches. State belongs to an instance (a class, or the
 * closure of the function that builds the part) that its owner creates and can drop.
 *
 * Refused at a module's top level (exported or not):
 * - `let` and `var` declarations;
 * - a `const` holding an empty container made to be filled: `new Map()`, `new Set()`, `new WeakMap()`,
 *   `new WeakSet()`, `new Array()`, `[]`, `{}` (a table built from its entries, `new Set(['A', 'B'])`, is a
 *   constant and stays allowed). An empty value meant to stay empty says so with a readonly type
 *   (`const NONE: readonly string[] = []`).
 */

const CONTAINERS = new Set(['Map', 'Set', 'WeakMap', 'WeakSet', 'Array']);
const READONLY_TYPES = new Set(['ReadonlyArray', 'ReadonlyMap', 'ReadonlySet', 'Readonly']);

/** The expression under `as …`, `satisfies …` and `!`. */
function unwrap(node) {
  let value = node;
  while (value && (value.type === 'TSAsExpression' || value.type === 'TSSatisfiesExpression' || value.type === 'TSNonNullExpression')) value = value.expression;
  return value;
}

/** What kind of empty container `init` builds, or null. */
function emptyContainer(init) {
  const value = unwrap(init);
  if (!value) return null;
  if (value.type === 'NewExpression' && value.callee.type === 'Identifier' && CONTAINERS.has(value.callee.name) && value.arguments.length === 0) {
    return `new ${value.callee.name}()`;
  }
  if (value.type === 'ArrayExpression' && value.elements.length === 0) return '[]';
  if (value.type === 'ObjectExpression' && value.properties.length === 0) return '{}';
  return null;
}

/** True when the declared type says the value is never changed (`readonly T[]`, `ReadonlyMap<…>`…). */
function declaredReadonly(id) {
  const type = id.typeAnnotation?.typeAnnotation;
  if (!type) return false;
  if (type.type === 'TSTypeOperator' && type.operator === 'readonly') return true;
  return type.type === 'TSTypeReference' && type.typeName.type === 'Identifier' && READONLY_TYPES.has(type.typeName.name);
}

export const noModuleStateRule = {
  meta: {
    type: 'problem',
    docs: { description: 'No mutable state at the top level of a module: it would be shared by every instance in the process.' },
    schema: [],
    messages: {
      variable:
        "Module-level `{{kind}} {{name}}` is state shared by everything in the process (two engines, two app sessions, every test). Keep it in an instance: a class field, or a variable inside the function that builds the part.",
      container:
        "Module-level `{{name}} = {{what}}` is a container shared by everything in the process (two engines, two app sessions, every test). Keep it in an instance (a class field, or inside the function that builds the part); a value meant to stay empty gets a readonly type.",
    },
  },
  create(context) {
    const check = (declaration) => {
      if (!declaration || declaration.type !== 'VariableDeclaration') return;
      for (const declarator of declaration.declarations) {
        const name = declarator.id.type === 'Identifier' ? declarator.id.name : context.sourceCode.getText(declarator.id);
        if (declaration.kind === 'let' || declaration.kind === 'var') {
          context.report({ node: declarator, messageId: 'variable', data: { kind: declaration.kind, name } });
          continue;
        }
        const what = emptyContainer(declarator.init);
        if (what && !declaredReadonly(declarator.id)) context.report({ node: declarator, messageId: 'container', data: { name, what } });
      }
    };
    return {
      Program(program) {
        for (const statement of program.body) {
          if (statement.type === 'VariableDeclaration') check(statement);
          else if (statement.type === 'ExportNamedDeclaration') check(statement.declaration);
        }
      },
    };
  },
};
