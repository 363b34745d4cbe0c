import OpenAI from 'openai';
import sharp from 'sharp';
import {
  type ContentGate,
  type GateDecision,
  type GateInput,
  GateUnavailableError,
} from '../../application/ports/content-gate.port';
import { providerProblem } from '../openai/provider-problem';
import { decideModeration, MODERATION_MODEL, tooSmall } from './gate-rules';
import { JUDGED_SIDE } from './offline-content-gate';

export interface OpenAiContentGateOptions {
  apiKey: string;
  /** For a proxy or an OpenAI-compatible provider. */
  baseURL?: string;
  /** Per attempt; with one retry the worst case is about twice this. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * The online gate: OpenAI's moderation endpoint looks at the image (sent as a JPEG data URL)
 * for sexual content; `decideModeration` maps its scores. Faces and people are the vision
 * rater's to refuse (its `face_or_person` verdict), so this gate is meant beside it. Whatever
 * goes wrong on the provider's side becomes GateUnavailableError.
 */
export class OpenAiContentGate implements ContentGate {
  readonly name = `openai:${MODERATION_MODEL}`;
  private readonly client: OpenAI;
  private readonly timeoutMs: number;

  constructor(options: OpenAiContentGateOptions) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      timeout: this.timeoutMs,
      maxRetries: 1,
    });
  }

  /** Nothing to load. */
  async ready(): Promise<void> {}

  async judge(input: GateInput): Promise<GateDecision> {
    const small = tooSmall(input, this.name);
    if (small) return small;
    const { data, width, height } = await input.pixels(JUDGED_SIDE);
    const jpeg = await sharp(data, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer();

    const started = Date.now();
    let response: OpenAI.Moderations.ModerationCreateResponse;
    try {
      response = await this.client.moderations.create({
        model: MODERATION_MODEL,
        input: [
          {
            type: 'image_url',
            image_url: { url: `data:image/jpeg;base64,${jpeg.toString('base64')}` },
          },
        ],
      });
    } catch (error) {
      const problem = providerProblem('Moderation', error, Date.now() - started, this.timeoutMs);
      throw new GateUnavailableError(problem, { cause: error });
    }
    const scores = response?.results?.[0]?.category_scores as unknown as
      Record<string, number> | undefined;
    if (!scores || typeof scores !== 'object') {
      throw new GateUnavailableError('Moderation answered without category scores');
    }
    return decideModeration(scores);
  }

  async close(): Promise<void> {}
}
