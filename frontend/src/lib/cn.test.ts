import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { extendTailwindMerge } from 'tailwind-merge';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

import { buttonVariants } from '@/components/ui/button';

import { cn, mergeClasses } from './cn';

describe('cn', () => {
  it('joins class names, dropping falsy ones, as clsx does', () => {
    expect(cn('a', false, null, undefined, '', ['b', { c: true, d: false }])).toBe('a b c');
    expect(cn('  px-2   py-1 ')).toBe('px-2 py-1');
  });

  it("lets a caller's class override a component's default of the same utility", () => {
    expect(cn('rounded-md px-4 py-2', 'px-2')).toBe('rounded-md py-2 px-2');
    expect(cn('max-w-lg gap-4 p-6', 'max-w-md')).toBe('gap-4 p-6 max-w-md');
    expect(cn('size-8 shrink-0 rounded-full', 'size-28')).toBe('shrink-0 rounded-full size-28');
    expect(cn('rounded-md', 'rounded-full')).toBe('rounded-full');
    expect(cn(buttonVariants({ size: 'sm' }), 'w-full justify-start rounded-md')).toContain(
      'h-9 px-3 w-full justify-start rounded-md',
    );
  });

  it('overrides sides with a later whole and keeps a later side over a whole', () => {
    expect(cn('px-2 pt-1', 'p-6')).toBe('p-6');
    expect(cn('p-6', 'pt-0')).toBe('p-6 pt-0');
    expect(cn('w-4 h-4', 'size-5')).toBe('size-5');
    expect(cn('rounded-t-lg', 'rounded-xl')).toBe('rounded-xl');
    expect(cn('border-l-2 border-t', 'border')).toBe('border');
    expect(cn('inset-x-2 top-0', 'inset-0')).toBe('inset-0');
  });

  it('tells a text size from a text colour and a border width from a border colour', () => {
    expect(cn('text-sm text-muted-foreground', 'text-lg')).toBe('text-muted-foreground text-lg');
    expect(cn('text-sm text-muted-foreground', 'text-primary')).toBe('text-sm text-primary');
    expect(cn('text-sm', 'text-left')).toBe('text-sm text-left');
    expect(cn('border border-input', 'border-primary')).toBe('border border-primary');
    expect(cn('border border-input', 'border-2')).toBe('border-input border-2');
    expect(cn('border', 'border-dashed')).toBe('border border-dashed');
    expect(cn('font-semibold', 'font-mono', 'font-bold')).toBe('font-mono font-bold');
    expect(cn('ring-1 ring-warning', 'ring-2 ring-primary')).toBe('ring-2 ring-primary');
    expect(cn('shadow-sm', 'shadow-none')).toBe('shadow-none');
    expect(cn('leading-tight', 'text-lg')).toBe('text-lg');
  });

  it('overrides only under the same variants and importance', () => {
    expect(cn('bg-card hover:bg-accent', 'hover:bg-primary')).toBe('bg-card hover:bg-primary');
    expect(cn('dark:hover:bg-accent', 'hover:dark:bg-primary')).toBe('hover:dark:bg-primary');
    expect(cn('[&_svg]:size-4', 'size-5')).toBe('[&_svg]:size-4 size-5');
    expect(cn('[&_svg]:size-4', '[&_svg]:size-5')).toBe('[&_svg]:size-5');
    expect(cn('data-[state=open]:bg-accent', 'data-[state=closed]:bg-card')).toBe(
      'data-[state=open]:bg-accent data-[state=closed]:bg-card',
    );
    expect(cn('!px-2', 'px-4')).toBe('!px-2 px-4');
    expect(cn('-mx-1', 'mx-2')).toBe('mx-2');
  });

  it('reads arbitrary values and opacity postfixes', () => {
    expect(cn('max-h-[calc(100dvh-2rem)]', 'max-h-72')).toBe('max-h-72');
    expect(cn('bg-background/95', 'bg-card')).toBe('bg-card');
    expect(cn('text-[13px] text-red-600', 'text-sm')).toBe('text-red-600 text-sm');
    expect(cn('z-50', 'z-[100]')).toBe('z-[100]');
  });

  it('keeps classes of no known group, repeated or not', () => {
    expect(cn('group peer', 'group')).toBe('group peer group');
    expect(cn('px-2', 'px-2')).toBe('px-2');
  });
});

/**
 * Every class string the app writes where classes are named: className (and *ClassName)
 * attributes, the arguments of cn() and cva(), and constants or functions named for classes.
 */
function appClasses(): string[] {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const classes = new Set<string>();
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|routeTree\.gen\.ts$/.test(file),
  );
  for (const file of files) {
    const source = ts.createSourceFile(
      file,
      readFileSync(root + file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    const visit = (node: ts.Node, inClassContext: boolean): void => {
      const context = inClassContext || namesClasses(node);
      if (
        context &&
        (ts.isStringLiteral(node) ||
          ts.isNoSubstitutionTemplateLiteral(node) ||
          ts.isTemplateHead(node) ||
          ts.isTemplateMiddle(node) ||
          ts.isTemplateTail(node))
      ) {
        for (const name of node.text.split(/\s+/)) if (name) classes.add(name);
      }
      ts.forEachChild(node, (child) => visit(child, context));
    };
    visit(source, false);
  }
  return [...classes].sort();
}

function namesClasses(node: ts.Node): boolean {
  if (ts.isJsxAttribute(node)) return /className$/i.test(node.name.getText());
  if (ts.isCallExpression(node)) return /^(cn|cva|clsx)$/.test(node.expression.getText());
  if (ts.isVariableDeclaration(node) || ts.isFunctionDeclaration(node)) {
    return /class/i.test(node.name?.getText() ?? '');
  }
  return false;
}

/** tailwind-merge told of the app's theme: the animations styles.css defines. */
const twMerge = extendTailwindMerge({
  extend: {
    theme: {
      animate: [
        ...readFileSync(new URL('../styles.css', import.meta.url), 'utf8').matchAll(
          /--animate-([\w-]+):/g,
        ),
      ].map((match) => match[1]!),
    },
  },
});

/**
 * Where tailwind-merge is wrong for Tailwind 4: it reads the gradient direction `bg-gradient-to-t`
 * as a background colour. The gradient and a colour both apply.
 */
const KNOWN_BETTER = (earlier: string, later: string) =>
  /(^|:)bg-gradient-to-/.test(earlier) || /(^|:)bg-gradient-to-/.test(later);

describe('cn against tailwind-merge', () => {
  const classes = appClasses();

  it('finds the classes the app writes', () => {
    expect(classes.length).toBeGreaterThan(300);
    expect(classes).toEqual(expect.arrayContaining(['px-4', 'hover:bg-accent', '[&_svg]:size-4']));
  });

  // Every pair of some 400 classes through both mergers: bounded work that grows with the app's
  // classes and took 5.2 s on a loaded 2-core CI machine, so it gets room past vitest's 5 s.
  it('merges every pair of them as tailwind-merge does', { timeout: 120_000 }, () => {
    const differences: string[] = [];
    for (const earlier of classes) {
      for (const later of classes) {
        const pair = `${earlier} ${later}`;
        const expected = twMerge(pair);
        if (mergeClasses(pair) !== expected && !KNOWN_BETTER(earlier, later)) {
          differences.push(`${pair} -> ${mergeClasses(pair)}, tailwind-merge: ${expected}`);
        }
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
  });
});
