import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * renovate.json cannot be run here; these tests hold it to what can be checked without
 * Renovate: it parses, uses only options from Renovate's documentation, explains every rule,
 * names only packages the workspaces declare, and what it pins is pinned in the package.json
 * files.
 */

const ROOT = join(__dirname, '..', '..', '..');
const readJson = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Record<string, unknown>;

interface PackageRule {
  description?: string | string[];
  matchPackageNames?: string[];
  allowedVersions?: string;
  rangeStrategy?: string;
  [option: string]: unknown;
}

const config = readJson('renovate.json');
const rules = (config.packageRules ?? []) as PackageRule[];

/**
 * The options this file uses, each checked against docs.renovatebot.com/configuration-options
 * (with its place: top level, inside lockFileMaintenance, inside a package rule). A misspelt
 * option is ignored by Renovate with only a warning on its dashboard; here it fails. Add an
 * option to this list after reading its documentation.
 */
const DOCUMENTED = {
  topLevel: [
    '$schema',
    'description',
    'extends',
    'timezone',
    'schedule',
    'minimumReleaseAge',
    'labels',
    'lockFileMaintenance',
    'packageRules',
  ],
  lockFileMaintenance: ['enabled', 'description', 'schedule'],
  packageRule: [
    'description',
    'groupName',
    'matchPackageNames',
    'matchDepTypes',
    'matchUpdateTypes',
    'automerge',
    'allowedVersions',
    'rangeStrategy',
    'dependencyDashboardApproval',
    'minimumReleaseAge',
  ],
};

/** Every declared version of every package, per package.json, overrides included. */
function declared(): Map<string, { file: string; version: string }[]> {
  const versions = new Map<string, { file: string; version: string }[]>();
  for (const file of ['package.json', 'backend/package.json', 'frontend/package.json']) {
    const manifest = readJson(file);
    for (const field of ['dependencies', 'devDependencies', 'overrides']) {
      const entries = (manifest[field] ?? {}) as Record<string, string>;
      for (const [name, version] of Object.entries(entries)) {
        versions.set(name, [...(versions.get(name) ?? []), { file: `${file} ${field}`, version }]);
      }
    }
  }
  return versions;
}

/** Renovate's package name patterns: exact names, or globs where `*` stays within a segment. */
function matcher(pattern: string): (name: string) => boolean {
  if (!pattern.includes('*')) return (name) => name === pattern;
  const source = pattern
    .split(/(\*\*|\*)/)
    .map((part) =>
      part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  const regex = new RegExp(`^${source}$`);
  return (name) => regex.test(name);
}

/** The forms of allowedVersions this file uses: `<N` and `X.Y.x`. */
function allows(range: string, version: string): boolean {
  const below = /^<(\d+)$/.exec(range);
  if (below) return Number(version.split('.')[0]) < Number(below[1]);
  const line = /^(\d+)\.(\d+)\.x$/.exec(range);
  if (line) return version.startsWith(`${line[1]}.${line[2]}.`);
  throw new Error(`allowedVersions "${range}": teach this test the form before using it`);
}

const packages = declared();
const namesMatching = (rule: PackageRule) =>
  [...packages.keys()].filter((name) =>
    (rule.matchPackageNames ?? []).some((p) => matcher(p)(name)),
  );

describe('renovate.json', () => {
  it('uses only documented options, in their places', () => {
    const unknown = [
      ...Object.keys(config).filter((key) => !DOCUMENTED.topLevel.includes(key)),
      ...Object.keys((config.lockFileMaintenance ?? {}) as object)
        .filter((key) => !DOCUMENTED.lockFileMaintenance.includes(key))
        .map((key) => `lockFileMaintenance.${key}`),
      ...rules.flatMap((rule, i) =>
        Object.keys(rule)
          .filter((key) => !DOCUMENTED.packageRule.includes(key))
          .map((key) => `packageRules[${i}].${key}`),
      ),
    ];
    expect(unknown).toEqual([]);
    expect(rules.length).toBeGreaterThan(0);
  });

  it('says in each package rule why it is there', () => {
    const silent = rules.flatMap((rule, i) => (rule.description?.length ? [] : [i]));
    expect(silent).toEqual([]);
  });

  it('names in its rules only packages the workspaces declare', () => {
    const unmatched = rules.flatMap((rule) =>
      (rule.matchPackageNames ?? []).filter(
        (pattern) => ![...packages.keys()].some((name) => matcher(pattern)(name)),
      ),
    );
    expect(unmatched).toEqual([]);
  });

  it('pins exactly what the package.json files declare exactly, within the allowed versions', () => {
    const loose: string[] = [];
    const outside: string[] = [];
    for (const rule of rules) {
      for (const name of namesMatching(rule)) {
        for (const { file, version } of packages.get(name)!) {
          if (rule.rangeStrategy === 'pin' && !/^\d+\.\d+\.\d+$/.test(version)) {
            loose.push(`${name}@${version} in ${file}`);
          }
          const bare = version.replace(/^[\^~]/, '');
          if (rule.allowedVersions && !allows(rule.allowedVersions, bare)) {
            outside.push(`${name}@${version} in ${file} (allowed ${rule.allowedVersions})`);
          }
        }
      }
    }
    expect({ loose, outside }).toEqual({ loose: [], outside: [] });
  });

  it('groups the packages that move together', () => {
    const groups = new Map(
      rules.filter((rule) => rule.groupName).map((rule) => [rule.groupName, namesMatching(rule)]),
    );
    expect(groups.get('NestJS')).toEqual(
      expect.arrayContaining(['@nestjs/core', '@nestjs/swagger']),
    );
    expect(groups.get('TanStack')).toEqual(
      expect.arrayContaining(['@tanstack/react-router', '@tanstack/router-plugin']),
    );
    expect(groups.get('Radix UI')).toEqual(expect.arrayContaining(['@radix-ui/react-dialog']));
    expect(groups.get('types')).toEqual(expect.arrayContaining(['@types/node', '@types/react']));
    expect(groups.get('ESLint')).toEqual(expect.arrayContaining(['eslint', 'typescript-eslint']));
    expect(groups.get('offline content gate models')).toEqual(
      expect.arrayContaining(['@tensorflow/tfjs', '@vladmandic/human', 'nsfwjs']),
    );
  });
});
