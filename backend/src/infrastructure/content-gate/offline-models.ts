import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import type { Pixels } from '../../application/ports/image-processor.port';
import { UPPER_BODY_POINTS, type OfflineScores } from './gate-rules';

/**
 * The offline gate's three models on one tfjs engine with the wasm backend: face-api's SSD
 * MobileNet v1 (faces), Human's BlazeFace and MoveNet Lightning (faces, upper-body pose) and
 * nsfwjs's MobileNetV2 (nudity). Every weight is read from the installed packages' own files;
 * nothing is fetched. Runs inside the gate's worker thread (see gate-worker.ts).
 */

export interface OfflineModels {
  score(pixels: Pixels): Promise<OfflineScores>;
}

/** The parts of face-api, Human and nsfwjs used here (their bundles are loaded by path). */
interface FaceApi {
  nets: { ssdMobilenetv1: { loadFromDisk(dir: string): Promise<void> } };
  SsdMobilenetv1Options: new (options: { minConfidence: number; maxResults: number }) => unknown;
  detectAllFaces(input: tf.Tensor3D, options: unknown): Promise<Array<{ score: number }>>;
}
interface HumanResult {
  face: Array<{ boxScore?: number; score?: number }>;
  body: Array<{ keypoints: Array<{ part: string; score: number }> }>;
}
interface HumanInstance {
  load(): Promise<void>;
  warmup?(): Promise<unknown>;
  detect(input: tf.Tensor3D): Promise<HumanResult>;
}
interface NsfwModel {
  load(): Promise<void>;
  classify(
    input: tf.Tensor3D,
    topk: number,
  ): Promise<Array<{ className: string; probability: number }>>;
}

/** The bundles are CommonJS, loaded by path where their `exports` leave no other way. */
const fromPackages = createRequire(__filename);

/** Lowest scores the detectors report; the rules decide from there. */
const DETECTOR_MIN_CONFIDENCE = 0.1;
const NSFW_INPUT_SIDE = 224;
const WARM_UP_SIDE = 256;

export async function loadOfflineModels(): Promise<OfflineModels> {
  await tf.setBackend('wasm');
  await tf.ready();
  const [faceApi, human, nsfw] = [await loadFaceApi(), await loadHuman(), await loadNsfw()];
  const ssdOptions = new faceApi.SsdMobilenetv1Options({
    minConfidence: DETECTOR_MIN_CONFIDENCE,
    maxResults: 5,
  });

  const models: OfflineModels = {
    async score({ data, width, height }: Pixels): Promise<OfflineScores> {
      const image = tf.tensor3d(data, [height, width, 3], 'int32');
      try {
        const faces = await faceApi.detectAllFaces(image, ssdOptions);
        const seen = await human.detect(image);
        const classes = await nsfw.classify(image, 5);
        const scores: OfflineScores = {
          'face.ssd': max(faces.map((face) => face.score)),
          'face.human': max(seen.face.map((face) => face.boxScore ?? face.score ?? 0)),
        };
        const points = seen.body[0]?.keypoints ?? [];
        for (const part of UPPER_BODY_POINTS) {
          scores[`pose.${part}`] = max(points.filter((p) => p.part === part).map((p) => p.score));
        }
        for (const { className, probability } of classes) {
          scores[`nsfw.${className.toLowerCase()}`] = probability;
        }
        return Object.fromEntries(
          Object.entries(scores).map(([key, value]) => [key, Math.round(value * 1e4) / 1e4]),
        );
      } finally {
        image.dispose();
      }
    },
  };
  // The first run of each model compiles its kernels (about a second): done before `ready`.
  await models.score({
    data: new Uint8Array(WARM_UP_SIDE * WARM_UP_SIDE * 3),
    width: WARM_UP_SIDE,
    height: WARM_UP_SIDE,
  });
  return models;
}

function max(values: number[]): number {
  return values.reduce((a, b) => Math.max(a, b), 0);
}

/** face-api's bundle for Node on the wasm backend; it reads its weights with `fs`. */
async function loadFaceApi(): Promise<FaceApi> {
  const faceApi = fromPackages('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  const packageDir = dirname(fromPackages.resolve('@vladmandic/face-api/package.json'));
  await faceApi.nets.ssdMobilenetv1.loadFromDisk(join(packageDir, 'model'));
  return faceApi;
}

/**
 * Human loads its models with `fetch`, which cannot read `file://` in Node 20, and its package
 * `exports` name its bundles without `./`, so the bundle is loaded by its path and `fetch`
 * answers `file://` requests for the package's model folder, and nothing else, from disk.
 */
async function loadHuman(): Promise<HumanInstance> {
  // Resolving finds the package's main bundle (dist/human.node.js, for tfjs-node) without
  // loading it; the wasm bundle sits beside it.
  const distDir = dirname(fromPackages.resolve('@vladmandic/human'));
  const modelsDir = join(distDir, '..', 'models');
  serveModelFiles(modelsDir);
  const { Human } = fromPackages(join(distDir, 'human.node-wasm.js')) as {
    Human: new (config: Record<string, unknown>) => HumanInstance;
  };
  const off = { enabled: false };
  const human = new Human({
    backend: 'wasm',
    modelBasePath: `${pathToFileURL(modelsDir).href}/`,
    cacheModels: false,
    debug: false,
    filter: off,
    gesture: off,
    hand: off,
    object: off,
    segmentation: off,
    face: {
      enabled: true,
      detector: {
        enabled: true,
        rotation: false,
        maxDetected: 5,
        minConfidence: DETECTOR_MIN_CONFIDENCE,
        return: false,
      },
      mesh: off,
      iris: off,
      description: off,
      emotion: off,
      antispoof: off,
      liveness: off,
      attention: off,
    },
    body: {
      enabled: true,
      modelPath: 'movenet-lightning.json',
      minConfidence: DETECTOR_MIN_CONFIDENCE,
      maxDetected: 1,
    },
  });
  await human.load();
  return human;
}

/** Replaces this thread's `fetch`: files under `dir` by `file://` URL, everything else refused. */
function serveModelFiles(dir: string): void {
  const allowed = `${pathToFileURL(dir).href}/`;
  globalThis.fetch = async (input: string | URL | Request) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(allowed) || url.includes('..')) {
      throw new Error(`The content gate reads only its packaged models, not ${url}`);
    }
    return new Response(await readFile(new URL(url)), { status: 200 });
  };
}

/**
 * nsfwjs's stock loader evaluates its weights, a base64 string of millions of characters, through
 * its CommonJS wrapper, which is slow and holds several times their size in memory; reading the
 * string out of the shard file and handing the bytes to `tf.io.fromMemory` loads the same weights
 * in a fraction of the time and memory (figures in docs/bench/history.md).
 */
async function loadNsfw(): Promise<NsfwModel> {
  const { NSFWJS } = fromPackages('nsfwjs') as {
    NSFWJS: new (handler: tf.io.IOHandler, options: { size: number }) => NsfwModel;
  };
  const modelDir = join(dirname(fromPackages.resolve('nsfwjs')), '..', 'models', 'mobilenet_v2');
  const model = fromPackages(join(modelDir, 'model.min.js')) as {
    modelTopology: object;
    weightsManifest: Array<{ weights: tf.io.WeightsManifestEntry[] }>;
  };
  const shard = await readFile(join(modelDir, 'group1-shard1of1.min.js'), 'latin1');
  const base64 = /"([A-Za-z0-9+/]{1000,}={0,2})"/.exec(shard)?.[1];
  if (!base64) throw new Error(`No weights found in ${modelDir}/group1-shard1of1.min.js`);
  const bytes = Buffer.from(base64, 'base64');
  const handler = tf.io.fromMemory({
    modelTopology: model.modelTopology,
    weightSpecs: model.weightsManifest.flatMap((group) => group.weights),
    weightData: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  });
  const nsfw = new NSFWJS(handler, { size: NSFW_INPUT_SIDE });
  await nsfw.load();
  return nsfw;
}
