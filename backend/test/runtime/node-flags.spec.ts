import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_NODE_FLAGS } from '../../src/bench/app-node-flags';

const ROOT = join(__dirname, '../../..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

describe('the flags Node runs the app with', () => {
  it('are the same for npm start, the Dockerfile and the bench', () => {
    const start = (JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts
      .start;
    const command = /&& node (.*) backend\/dist\/main\.js$/.exec(start)?.[1]?.split(' ');
    expect(command).toEqual(APP_NODE_FLAGS);

    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1];
    expect(cmd && (JSON.parse(cmd) as string[])).toEqual([
      'node',
      ...APP_NODE_FLAGS,
      'backend/dist/main.js',
    ]);
  });
});
