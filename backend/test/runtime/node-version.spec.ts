import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const engines = (file: string) =>
  (JSON.parse(read(file)) as { engines?: { node?: string } }).engines?.node;

type Version = [number, number, number];

function parse(version: string): Version {
  const match = /^v?(\d+)\.(\d+)\.(\d+)$/.exec(version.trim());
  if (!match) throw new Error(`Not a version: ${version}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Whether `version` meets a range of `^x.y.z` alternatives (all the engines field uses). */
function satisfies(version: string, range: string): boolean {
  const [major, minor, patch] = parse(version);
  return range.split('||').some((alternative) => {
    const [atLeastMajor, atLeastMinor, atLeastPatch] = parse(alternative.trim().replace(/^\^/, ''));
    if (major !== atLeastMajor) return false;
    return minor > atLeastMinor || (minor === atLeastMinor && patch >= atLeastPatch);
  });
}

describe('the Node version', () => {
  const lts = read('.nvmrc').trim();

  it('is one exact LTS release in .nvmrc', () => {
    const [major] = parse(lts);
    // Only even majors become LTS.
    expect(major % 2).toBe(0);
  });

  it('is the one the Docker image builds and runs on', () => {
    const dockerfile = read('Dockerfile');
    expect(/^ARG NODE_VERSION=(.+)$/m.exec(dockerfile)?.[1]).toBe(lts);
    const bases = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(bases).toEqual([
      'node:${NODE_VERSION}-bookworm-slim',
      'node:${NODE_VERSION}-bookworm-slim',
    ]);
  });

  it('is supported by the same engines range in the root and both workspaces', () => {
    const range = engines('package.json');
    expect(engines('backend/package.json')).toBe(range);
    expect(engines('frontend/package.json')).toBe(range);
    expect(satisfies(lts, range!)).toBe(true);
  });

  it('supports the Node these tests run on (the machine’s, or the LTS under npm run test:lts)', () => {
    expect(satisfies(process.version, engines('package.json')!)).toBe(true);
  });

  it('reads ranges the way npm does for carets', () => {
    expect(satisfies('20.20.2', '^20.19.0 || ^26.10.0')).toBe(true);
    expect(satisfies('20.18.9', '^20.19.0 || ^26.10.0')).toBe(false);
    expect(satisfies('24.11.0', '^20.19.0 || ^26.10.0')).toBe(false);
    expect(satisfies('26.10.0', '^20.19.0 || ^26.10.0')).toBe(true);
  });
});
