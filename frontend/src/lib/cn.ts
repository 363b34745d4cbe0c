import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names and lets later Tailwind utilities override earlier conflicting ones, so a
 * caller's `px-2` replaces a component's default `px-4`, `size-5` its `w-4 h-4`, and
 * `hover:bg-primary` its `hover:bg-accent`, while `hover:bg-primary` leaves a plain `bg-card`.
 */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}

/**
 * A later class drops an earlier one of the same group (the utilities that set one CSS property,
 * or one side of it) under the same variants and importance, and the groups a whole overrides
 * (`p-4` drops `px-2`). A class of no known group (`group`, `peer`, a hook for tests) is kept.
 * Only the utilities this app writes are known: src/lib/cn.test.ts checks every pair of the
 * classes the app writes against tailwind-merge.
 */
export function mergeClasses(classList: string): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  const classes = classList.split(/\s+/);
  for (let index = classes.length - 1; index >= 0; index -= 1) {
    const name = classes[index]!;
    if (!name) continue;
    const parsed = parseClass(name);
    if (parsed) {
      const [scope, group] = parsed;
      if (seen.has(scope + group)) continue;
      for (const overridden of [group, ...(CONFLICTS[group]?.split(' ') ?? [])]) {
        seen.add(scope + overridden);
      }
    }
    kept.push(name);
  }
  return kept.reverse().join(' ');
}

/** `[scope, group]`: the scope is the class's variants (in a canonical order) and importance. */
function parseClass(name: string): [string, string] | undefined {
  // Variants are split at colons outside brackets: `has-[:checked]:ring-2`, `[&_svg]:size-4`.
  const parts = name.split(/:(?![^[]*\])/);
  let utility = parts.pop()!;
  const important = /^!|!$/.test(utility);
  // The sign, the importance and a postfix after `/` (an opacity, a line height) name no group.
  utility = utility
    .replace(/^!|!$/g, '')
    .replace(/^-/, '')
    .replace(/\/[^/\]]*$/, '');
  for (const [pattern, group] of RULES) {
    const match = pattern.exec(utility);
    if (match) {
      const scope = `${sortVariants(parts).join(':')}${important ? '!' : ''}|`;
      return [scope, group.replace(/\$(\d)/g, (_, index: string) => match[Number(index)] ?? '')];
    }
  }
  return undefined;
}

/**
 * Variants apply in any order (`dark:hover:` is `hover:dark:`) except arbitrary ones and those
 * that select a pseudo-element, which keep their place: sorted between them, as tailwind-merge
 * does.
 */
function sortVariants(variants: string[]): string[] {
  const sorted: string[] = [];
  let run: string[] = [];
  for (const variant of variants) {
    if (
      /^(\[|\*|after$|backdrop$|before$|details-content$|file$|first-(letter|line)$|marker$|placeholder$|selection$)/.test(
        variant,
      )
    ) {
      sorted.push(...run.sort(), variant);
      run = [];
    } else run.push(variant);
  }
  return [...sorted, ...run.sort()];
}

/** A width: a number, `px` or an arbitrary length. */
const W = String.raw`(\d+|px|\[(length:)?[\d.]+[a-z%]*\])`;
const rule = (pattern: string, group: string): [RegExp, string] => [new RegExp(pattern), group];

/** The first rule whose pattern matches a utility names its group (`$1` is the first capture). */
const RULES: [RegExp, string][] = [
  rule(String.raw`^\[([\w-]+):`, '[$1]'),
  rule(
    '^(block|inline(-block|-flex|-grid|-table)?|flex|grid|table(-row|-cell)?|contents|list-item|hidden|flow-root)$',
    'display',
  ),
  rule('^(static|fixed|absolute|relative|sticky)$', 'position'),
  rule('^(visible|invisible|collapse)$', 'visibility'),
  rule('^(not-)?sr-only$', 'sr'),
  rule('^(uppercase|lowercase|capitalize|normal-case)$', 'text-transform'),
  rule('^(not-)?italic$', 'font-style'),
  rule('^(underline|overline|line-through|no-underline)$', 'text-decoration-line'),
  rule('^(tabular|proportional)-nums$', 'fvn-spacing'),
  rule('^(truncate|text-ellipsis|text-clip)$', 'text-overflow'),
  rule('^border-(collapse|separate)$', 'border-collapse'),
  rule('^(isolate|isolation-auto)$', 'isolation'),
  rule('^(scroll-)?([pm])([xysetrbl]?)-', '$1$2$3'),
  rule('^(gap|space)(-[xy])?-', '$1$2'),
  rule('^(size|[wh]|(min|max)-[wh])-', '$1'),
  rule('^(grow|shrink|transition|blur|backdrop-blur)(-|$)', '$1'),
  rule('^flex-((row|col)(-reverse)?)$', 'flex-direction'),
  rule('^flex-(wrap|nowrap|wrap-reverse)$', 'flex-wrap'),
  rule('^justify-(items|self)-', 'justify-$1'),
  rule(String.raw`^content-(none|\[)`, 'content'),
  rule('^content-', 'align-content'),
  rule('^translate-none$', 'translate-none'),
  rule('^break-(before|after|inside)-', 'break-$1'),
  rule('^object-(contain|cover|fill|none|scale-down)$', 'object-fit'),
  rule('^object-', 'object-position'),
  rule('^list-(inside|outside)$', 'list-position'),
  rule('^list-image-', 'list-image'),
  rule('^list-', 'list-type'),
  rule(String.raw`^text-(xs|sm|base|lg|\d?xl|\[(length:)?[\d.].*)$`, 'font-size'),
  rule('^text-(left|center|right|justify|start|end)$', 'text-align'),
  rule('^text-(wrap|nowrap|balance|pretty)$', 'text-wrap'),
  rule('^text-', 'text-color'),
  rule(
    String.raw`^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$`,
    'font-weight',
  ),
  rule('^font-stretch-', 'font-stretch'),
  rule('^font-', 'font-family'),
  rule('^bg-(fixed|local|scroll)$', 'bg-attachment'),
  rule('^bg-(auto|cover|contain)$', 'bg-size'),
  rule('^bg-(bottom|center|left|right|top)', 'bg-position'),
  rule('^bg-(no-)?repeat', 'bg-repeat'),
  rule('^bg-(none|gradient-|linear-|radial|conic)', 'bg-image'),
  rule('^bg-(clip|origin|blend)-', 'bg-$1'),
  rule('^bg-', 'bg-color'),
  rule('^border-(solid|dashed|dotted|double|hidden|none)$', 'border-style'),
  rule(`^border(-[xysetrbl])?(-${W})?$`, 'border-w$1'),
  rule('^border(-[xysetrbl](?=-))?-', 'border-color$1'),
  rule('^rounded-(ss|se|ee|es|tl|tr|br|bl|[setrbl])(-|$)', 'rounded-$1'),
  rule('^rounded(-|$)', 'rounded'),
  rule('^shadow(-(2xs|xs|sm|md|lg|xl|2xl|none|inner))?$', 'shadow'),
  rule('^shadow-', 'shadow-color'),
  rule('^ring-inset$', 'ring-inset'),
  rule(`^ring-offset-${W}$`, 'ring-offset-w'),
  rule('^ring-offset-', 'ring-offset-color'),
  rule(`^ring(-${W})?$`, 'ring-w'),
  rule('^ring-', 'ring-color'),
  rule('^outline-offset-', 'outline-offset'),
  rule('^outline-(solid|dashed|dotted|double|hidden|none)$', 'outline-style'),
  rule(`^outline(-${W})?$`, 'outline-w'),
  rule('^outline-', 'outline-color'),
  rule('^decoration-(solid|dashed|dotted|double|wavy)$', 'decoration-style'),
  rule(`^decoration-(${W}|auto|from-font)$`, 'decoration-thickness'),
  rule('^decoration-', 'decoration-color'),
  rule(`^stroke-${W}$`, 'stroke-w'),
  rule('^stroke-', 'stroke'),
  rule('^divide-([xy])(-|$)', 'divide-$1'),
  rule('^divide-', 'divide-color'),
  rule('^(select|items|self|align)-', '$1'),
  rule(
    '^(flex|justify|translate(-[xy])?|break|appearance|inset(-[xy])?|start|end|top|right|bottom|left|z|order|basis|aspect|line-clamp|grid-(cols|rows)|(col|row)-span|overflow(-[xy])?|overscroll(-[xy])?|whitespace|cursor|pointer-events|tracking|leading|opacity|saturate|duration|ease|delay|animate|underline-offset|scale|rotate|accent|fill|from|via|to)-',
    '$1',
  ),
];

const SIDES = 'x y s e t r b l'.split(' ');
const CORNERS = 'ss se ee es tl tr br bl';

/** Groups a class of one group also overrides: `p-4` replaces an earlier `px-2`. */
const CONFLICTS: Record<string, string> = {
  size: 'w h',
  gap: 'gap-x gap-y',
  inset: 'inset-x inset-y start end top right bottom left',
  'inset-x': 'start end right left',
  'inset-y': 'top bottom',
  overflow: 'overflow-x overflow-y',
  overscroll: 'overscroll-x overscroll-y',
  flex: 'basis grow shrink',
  'font-size': 'leading',
  'line-clamp': 'display overflow',
  translate: 'translate-x translate-y translate-none',
  'translate-none': 'translate translate-x translate-y',
  rounded: `rounded-s rounded-e rounded-t rounded-r rounded-b rounded-l ${CORNERS.replace(/(\w+)/g, 'rounded-$1')}`,
  'rounded-s': 'rounded-ss rounded-es',
  'rounded-e': 'rounded-se rounded-ee',
  'rounded-t': 'rounded-tl rounded-tr',
  'rounded-r': 'rounded-tr rounded-br',
  'rounded-b': 'rounded-br rounded-bl',
  'rounded-l': 'rounded-tl rounded-bl',
};
for (const [whole, side] of [
  ['p', 'p'],
  ['m', 'm'],
  ['scroll-p', 'scroll-p'],
  ['scroll-m', 'scroll-m'],
  ['border-w', 'border-w-'],
  ['border-color', 'border-color-'],
] as const) {
  CONFLICTS[whole] = SIDES.map((name) => side + name).join(' ');
  CONFLICTS[`${side}x`] = `${side}r ${side}l ${side}s ${side}e`;
  CONFLICTS[`${side}y`] = `${side}t ${side}b`;
}
