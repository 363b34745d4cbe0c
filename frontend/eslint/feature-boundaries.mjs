import { dirname, relative, resolve, sep } from 'node:path';

/**
 * Feature folders (`src/features/<feature>`) do not import each other, nor the routes: a
 * feature may import itself, `src/lib` and `src/components`; routes compose features. What two
 * features share moves to `src/lib` or `src/components`, or the route passes it in.
 */
const SRC = resolve(import.meta.dirname, '../src');

/** `['features', 'admin', …]` for a file or import target under src, else null. */
function partsUnderSrc(path) {
  const parts = relative(SRC, path).split(sep);
  return parts[0] === '..' || parts[0] === '' ? null : parts;
}

function importedPath(source, file) {
  if (source.startsWith('@/')) return resolve(SRC, source.slice(2));
  if (source.startsWith('.')) return resolve(dirname(file), source);
  return null;
}

const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature imports only itself, src/lib and src/components.' },
    schema: [],
    messages: {
      otherFeature:
        "The '{{from}}' feature imports the '{{to}}' feature: features do not import each other (move what they share to src/lib or src/components, or let the route pass it in).",
      route: "The '{{from}}' feature imports a route: routes compose features, not the reverse.",
    },
  },
  create(context) {
    const file = partsUnderSrc(context.filename);
    if (!file || file[0] !== 'features' || file.length < 3) return {};
    const from = file[1];
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const path = importedPath(source.value, context.filename);
      const target = path && partsUnderSrc(path);
      if (!target) return;
      if (target[0] === 'routes') {
        context.report({ node: source, messageId: 'route', data: { from } });
      } else if (target[0] === 'features' && target[1] && target[1] !== from) {
        context.report({ node: source, messageId: 'otherFeature', data: { from, to: target[1] } });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'no-cross-feature-imports': noCrossFeatureImports } };
