export { seededRandom } from '../../src/bench/seeded-random';
