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
 * The Tailwind utilities this app writes, sorted into the groups that set one CSS property (or
 * one side of one): a later class drops an earlier one of the same group under the same variants
 * and importance. A class of no known group (a component's own hook, `group`, `peer`) is kept.
 * src/lib/cn.test.ts checks every class the app writes against tailwind-merge.
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
      seen.add(scope + group);
      for (const overridden of CONFLICTS[group] ?? []) seen.add(scope + overridden);
    }
    kept.push(name);
  }
  return kept.reverse().join(' ');
}

/** `[scope, group]`: the scope is the class's variants (in a canonical order) and importance. */
function parseClass(name: string): [string, string] | undefined {
  const variants: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < name.length; index += 1) {
    const char = name[index];
    if (char === '[' || char === '(') depth += 1;
    else if (char === ']' || char === ')') depth -= 1;
    else if (char === ':' && depth === 0) {
      variants.push(name.slice(start, index));
      start = index + 1;
    }
  }
  let utility = name.slice(start);
  const important = utility.startsWith('!') || utility.endsWith('!');
  utility = utility.replace(/^!|!$/g, '').replace(/^-/, '');
  const group = groupOf(utility);
  if (!group) return undefined;
  return [`${sortVariants(variants).join(':')}${important ? '!' : ''}|`, group];
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
    if (variant.startsWith('[') || PSEUDO_ELEMENT_VARIANTS.has(variant)) {
      sorted.push(...run.sort(), variant);
      run = [];
    } else run.push(variant);
  }
  return [...sorted, ...run.sort()];
}

const PSEUDO_ELEMENT_VARIANTS = new Set(
  '* ** after backdrop before details-content file first-letter first-line marker placeholder selection'.split(
    ' ',
  ),
);

function groupOf(utility: string): string | undefined {
  // An arbitrary property, `[overflow-wrap:anywhere]`, is its own group.
  if (utility.startsWith('[') && utility.endsWith(']')) return utility.split(':')[0];
  const keyword = KEYWORDS.get(utility);
  if (keyword) return keyword;
  // The longest known prefix names the utility: `inset-x-2` is `inset-x`, not `inset`.
  for (let end = utility.lastIndexOf('-'); end > 0; end = utility.lastIndexOf('-', end - 1)) {
    const rule = PREFIXES.get(utility.slice(0, end));
    if (rule === undefined) continue;
    // A postfix after `/` is an opacity or a line height: `bg-black/60`, `text-sm/6`.
    const value = utility.slice(end + 1);
    return typeof rule === 'string' ? rule : rule(value.replace(/\/[^/\]]*$/, ''));
  }
  return undefined;
}

const KEYWORDS = new Map<string, string>();
function keywords(group: string, names: string): void {
  for (const name of names.split(' ')) KEYWORDS.set(name, group);
}
keywords(
  'display',
  'block inline-block inline flex inline-flex grid inline-grid table inline-table table-row table-cell contents list-item hidden flow-root',
);
keywords('position', 'static fixed absolute relative sticky');
keywords('visibility', 'visible invisible collapse');
keywords('sr', 'sr-only not-sr-only');
keywords('text-transform', 'uppercase lowercase capitalize normal-case');
keywords('font-style', 'italic not-italic');
keywords('text-decoration-line', 'underline overline line-through no-underline');
keywords('fvn-spacing', 'tabular-nums proportional-nums');
keywords('text-overflow', 'truncate text-ellipsis text-clip');
keywords('border-collapse', 'border-collapse border-separate');
keywords('isolation', 'isolate isolation-auto');
keywords('divide-x', 'divide-x');
keywords('divide-y', 'divide-y');
// Utilities that also stand alone, with their default value.
for (const name of 'border rounded shadow ring outline transition grow shrink blur backdrop-blur'.split(
  ' ',
))
  KEYWORDS.set(name, `${name}|`);

const SIDES = ['x', 'y', 's', 'e', 't', 'r', 'b', 'l'];
const BOXES = ['p', 'm', 'scroll-p', 'scroll-m'];
const CORNERS = ['s', 'e', 't', 'r', 'b', 'l', 'ss', 'se', 'ee', 'es', 'tl', 'tr', 'br', 'bl'];
const isWidth = (value: string) => /^(\d+|px|\[(length:)?[\d.]+[a-z%]*\])$/.test(value);
const oneOf = (names: string) => {
  const set = new Set(names.split(' '));
  return (value: string) => set.has(value);
};
const isTextSize = (value: string) =>
  /^(xs|sm|base|lg|\d?xl)$/.test(value) || /^\[(length:)?[\d.]/.test(value);
const isTextAlign = oneOf('left center right justify start end');
const isTextWrap = oneOf('wrap nowrap balance pretty');
const isFontWeight = (value: string) =>
  /^\d+$/.test(value) ||
  oneOf('thin extralight light normal medium semibold bold extrabold black')(value);
const isShadowSize = oneOf('2xs xs sm md lg xl 2xl none inner');
const isLineStyle = oneOf('solid dashed dotted double hidden none');

/** A border's width, style or colour, of every side or of one (`border-l-2`, `border-t-input`). */
function borderGroup(value: string): string {
  const [first = '', ...rest] = value.split('-');
  const side = SIDES.includes(first) ? `-${first}` : '';
  const rule = side ? rest.join('-') : value;
  if (!side && isLineStyle(rule)) return 'border-style';
  return rule === '' || isWidth(rule) ? `border|${side}` : `border-color${side}`;
}

type Rule = string | ((value: string) => string);

const PREFIXES = new Map<string, Rule>([
  ...BOXES.flatMap((box) => ['', ...SIDES].map((side): [string, Rule] => [box + side, box + side])),
  ...['gap', 'gap-x', 'gap-y', 'space-x', 'space-y', 'w', 'h', 'size'].map(
    (name): [string, Rule] => [name, name],
  ),
  ...['min-w', 'min-h', 'max-w', 'max-h', 'inset', 'inset-x', 'inset-y'].map(
    (name): [string, Rule] => [name, name],
  ),
  ...['start', 'end', 'top', 'right', 'bottom', 'left', 'z', 'order', 'basis'].map(
    (name): [string, Rule] => [name, name],
  ),
  ...['grid-cols', 'grid-rows', 'col-span', 'row-span', 'line-clamp', 'aspect'].map(
    (name): [string, Rule] => [name, name],
  ),
  ...['overflow', 'overflow-x', 'overflow-y', 'overscroll', 'whitespace'].map(
    (name): [string, Rule] => [name, name],
  ),
  ...['cursor', 'pointer-events', 'tracking', 'leading', 'opacity', 'saturate'].map(
    (name): [string, Rule] => [name, name],
  ),
  ...['duration', 'ease', 'delay', 'animate', 'underline-offset'].map((name): [string, Rule] => [
    name,
    name,
  ]),
  ...['translate-x', 'translate-y', 'scale', 'rotate', 'accent', 'fill', 'from', 'via', 'to'].map(
    (name): [string, Rule] => [name, name],
  ),
  ...['blur', 'backdrop-blur', 'grow', 'shrink', 'outline-offset', 'transition'].map(
    (name): [string, Rule] => [name, `${name}|`],
  ),
  ['select', 'user-select'],
  ['align', 'vertical-align'],
  ['divide', (value) => (/^[xy](-|$)/.test(value) ? `divide-${value[0]}` : 'divide-color')],
  ['items', 'align-items'],
  ['self', 'align-self'],
  [
    'justify',
    (value) => (/^(items|self)-/.test(value) ? `justify-${value.split('-')[0]}` : 'justify'),
  ],
  ['content', (value) => (value === 'none' || value.startsWith('[') ? 'content' : 'align-content')],
  ['translate', (value) => (value === 'none' ? 'translate-none' : 'translate')],
  [
    'flex',
    (value) =>
      /^(row|col)(-reverse)?$/.test(value)
        ? 'flex-direction'
        : /^(wrap|nowrap|wrap-reverse)$/.test(value)
          ? 'flex-wrap'
          : 'flex',
  ],
  ['break', (value) => (/^(before|after|inside)-/.test(value) ? `break-${value}` : 'break')],
  [
    'object',
    (value) =>
      oneOf('contain cover fill none scale-down')(value) ? 'object-fit' : 'object-position',
  ],
  [
    'list',
    (value) =>
      oneOf('inside outside')(value)
        ? 'list-position'
        : value.startsWith('image')
          ? 'list-image'
          : 'list-type',
  ],
  [
    'text',
    (value) =>
      isTextSize(value)
        ? 'font-size'
        : isTextAlign(value)
          ? 'text-align'
          : isTextWrap(value)
            ? 'text-wrap'
            : oneOf('ellipsis clip')(value)
              ? 'text-overflow'
              : 'text-color',
  ],
  [
    'font',
    (value) =>
      isFontWeight(value)
        ? 'font-weight'
        : /^stretch-/.test(value)
          ? 'font-stretch'
          : 'font-family',
  ],
  [
    'bg',
    (value) =>
      oneOf('fixed local scroll')(value)
        ? 'bg-attachment'
        : oneOf('auto cover contain')(value)
          ? 'bg-size'
          : /^(bottom|center|left|right|top)(-|$)/.test(value)
            ? 'bg-position'
            : /^(no-)?repeat(-|$)/.test(value)
              ? 'bg-repeat'
              : /^(none|gradient-|linear-|radial|conic)/.test(value)
                ? 'bg-image'
                : /^(clip|origin|blend)-/.test(value)
                  ? `bg-${value.split('-')[0]}`
                  : 'bg-color',
  ],
  ['border', borderGroup],
  [
    'rounded',
    (value) => {
      const corner = value.split('-')[0]!;
      return CORNERS.includes(corner) ? `rounded-${corner}` : 'rounded|';
    },
  ],
  ['shadow', (value) => (isShadowSize(value) ? 'shadow|' : 'shadow-color')],
  ['ring', (value) => (value === 'inset' ? 'ring-inset' : isWidth(value) ? 'ring|' : 'ring-color')],
  ['ring-offset', (value) => (isWidth(value) ? 'ring-offset|' : 'ring-offset-color')],
  [
    'outline',
    (value) =>
      isLineStyle(value) ? 'outline-style' : isWidth(value) ? 'outline|' : 'outline-color',
  ],
  [
    'decoration',
    (value) =>
      isLineStyle(value) || value === 'wavy'
        ? 'decoration-style'
        : isWidth(value) || value === 'auto' || value === 'from-font'
          ? 'decoration-thickness'
          : 'decoration-color',
  ],
  ['stroke', (value) => (isWidth(value) ? 'stroke-width' : 'stroke')],
]);

/** Groups a class of one group also overrides: `p-4` replaces an earlier `px-2`. */
const CONFLICTS: Record<string, string[]> = {
  ...Object.fromEntries(
    BOXES.flatMap((box) => [
      [box, SIDES.map((side) => box + side)],
      [`${box}x`, ['r', 'l', 's', 'e'].map((side) => box + side)],
      [`${box}y`, ['t', 'b'].map((side) => box + side)],
    ]),
  ),
  size: ['w', 'h'],
  gap: ['gap-x', 'gap-y'],
  inset: ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['start', 'end', 'right', 'left'],
  'inset-y': ['top', 'bottom'],
  overflow: ['overflow-x', 'overflow-y'],
  flex: ['basis', 'grow|', 'shrink|'],
  'font-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
  translate: ['translate-x', 'translate-y', 'translate-none'],
  'translate-none': ['translate', 'translate-x', 'translate-y'],
  'rounded|': CORNERS.map((corner) => `rounded-${corner}`),
  'rounded-s': ['rounded-ss', 'rounded-es'],
  'rounded-e': ['rounded-se', 'rounded-ee'],
  'rounded-t': ['rounded-tl', 'rounded-tr'],
  'rounded-r': ['rounded-tr', 'rounded-br'],
  'rounded-b': ['rounded-br', 'rounded-bl'],
  'rounded-l': ['rounded-tl', 'rounded-bl'],
  'border|': SIDES.map((side) => `border|-${side}`),
  'border|-x': ['border|-r', 'border|-l'],
  'border|-y': ['border|-t', 'border|-b'],
  'border-color': SIDES.map((side) => `border-color-${side}`),
  'border-color-x': ['border-color-r', 'border-color-l'],
  'border-color-y': ['border-color-t', 'border-color-b'],
};
