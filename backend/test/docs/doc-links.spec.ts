import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');

/** The docs a maintainer reads: the root README, everything under docs/, and the bench's README. */
function docFiles(): string[] {
  const files = [join(ROOT, 'README.md'), join(ROOT, 'backend/src/bench/README.md')];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.md')) files.push(path);
    }
  };
  walk(join(ROOT, 'docs'));
  return files;
}

/** The text outside fenced code blocks and inline code, where a link is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for each heading of a file, a repeated one numbered as GitHub numbers it. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of markdown
    .replace(/^```[\s\S]*?^```/gm, '')
    .matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The relative links of a doc (not `https:`, `mailto:` and the like). */
function linksOf(file: string): string[] {
  return [...prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target]) => target!)
    .filter((target) => !/^[a-z]+:/i.test(target));
}

function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  for (const target of linksOf(file)) {
    const [path, anchor] = target.split('#') as [string, string | undefined];
    const resolved = path ? resolve(dirname(file), path) : file;
    if (!existsSync(resolved)) {
      broken.push(`${target}: no such file`);
      continue;
    }
    if (anchor && resolved.endsWith('.md')) {
      if (!anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)) {
        broken.push(`${target}: no such heading`);
      }
    }
  }
  return broken.map((problem) => `${relative(ROOT, file)} → ${problem}`);
}

describe('the docs’ links', () => {
  it('given every doc, when its relative links are followed, then each reaches a file and, with an anchor, a heading of it', () => {
    const files = docFiles();
    expect(files.length).toBeGreaterThan(40);
    expect(files.flatMap(linksOf).length).toBeGreaterThan(100);
    expect(files.flatMap(brokenLinks)).toEqual([]);
  });

  it('given the bench README, when its headings are read, then the section kept there has its anchor and the moved ones have none', () => {
    const anchors = anchorsOf(readFileSync(join(ROOT, 'backend/src/bench/README.md'), 'utf8'));
    expect(anchors.has('online-rebuild-under-board-load-issue-58')).toBe(true);
    expect(anchors.has('from-operationsmd')).toBe(false);
  });
});
