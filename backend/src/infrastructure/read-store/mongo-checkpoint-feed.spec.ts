import { EventEmitter } from 'node:events';
import type { ChangeStreamOptions, Document } from 'mongodb';
import type { CheckpointListener } from '../../application/ports/read-store.port';
import {
  type CheckpointChangeStream,
  MongoCheckpointFeed,
  type WatchCheckpoints,
} from './mongo-checkpoint-feed';

/** A change stream whose every `tryNext` the test answers: a change, an empty batch, or a failure. */
class FakeChangeStream extends EventEmitter {
  resumeToken: unknown = undefined;
  closed = false;
  private pending: { resolve: (change: unknown) => void; reject: (error: unknown) => void } | null =
    null;

  constructor(readonly options: ChangeStreamOptions) {
    super();
  }

  get waiting(): boolean {
    return this.pending !== null;
  }

  tryNext(): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
    });
  }

  /** The server's answer to the waiting `tryNext`, with the resume token after it. */
  answer(change: Document | null, token: unknown = { after: change?._id ?? 'empty' }): void {
    const pending = this.take();
    this.resumeToken = token;
    pending.resolve(change);
  }

  fail(error: Error): void {
    this.take().reject(error);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.pending?.reject(new Error('ChangeStream is closed'));
    this.pending = null;
  }

  private take() {
    const pending = this.pending;
    if (!pending) throw new Error('nobody waits for a change');
    this.pending = null;
    return pending;
  }
}

function fakeServer() {
  const streams: FakeChangeStream[] = [];
  const watch: WatchCheckpoints = (_pipeline, options) => {
    const stream = new FakeChangeStream(options);
    streams.push(stream);
    return stream as unknown as CheckpointChangeStream;
  };
  return { streams, watch, latest: () => streams[streams.length - 1] };
}

function recordingListener() {
  const heard: string[] = [];
  const listener: CheckpointListener = {
    live: () => heard.push('live'),
    moved: (position) => heard.push(`moved ${position}`),
    lost: () => heard.push('lost'),
  };
  return { heard, listener };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 1));
}

const updated = (id: string, name: string, position: string) => ({
  _id: id,
  operationType: 'update',
  documentKey: { _id: name },
  updateDescription: { updatedFields: { position } },
});

describe('the checkpoints change stream', () => {
  let feed: MongoCheckpointFeed;
  afterEach(() => feed.close());

  it('opens one stream for every checkpoint and listener, and hands each checkpoint’s moves to its own listeners', async () => {
    const server = fakeServer();
    feed = new MongoCheckpointFeed(server.watch, { retryDelayMs: 0 });
    const readModels = recordingListener();
    const alsoReadModels = recordingListener();
    const payments = recordingListener();
    feed.follow('read-models', readModels.listener);
    feed.follow('read-models', alsoReadModels.listener);
    feed.follow('reactor:payments', payments.listener);
    expect(server.streams).toHaveLength(1);
    await until(() => server.latest().waiting);

    server.latest().answer(null);
    await until(() => server.latest().waiting);
    server.latest().answer(updated('t1', 'read-models', '42'));
    await until(() => server.latest().waiting);
    server.latest().answer({
      _id: 't2',
      operationType: 'insert',
      documentKey: { _id: 'reactor:payments' },
      fullDocument: { position: '7' },
    });
    await until(() => payments.heard.length === 2);

    expect(readModels.heard).toEqual(['live', 'moved 42']);
    expect(alsoReadModels.heard).toEqual(['live', 'moved 42']);
    expect(payments.heard).toEqual(['live', 'moved 7']);
    expect(server.streams).toHaveLength(1);
    expect(server.latest().options).toEqual({});
  });

  it('is live as soon as the server has opened the stream, before any change', async () => {
    const server = fakeServer();
    feed = new MongoCheckpointFeed(server.watch, { retryDelayMs: 0 });
    const { heard, listener } = recordingListener();
    feed.follow('read-models', listener);
    await until(() => server.latest().waiting);

    server.latest().emit('resumeTokenChanged', { first: true });

    expect(heard).toEqual(['live']);
  });

  it('says it is lost when the stream fails, and reopens from the last resume token', async () => {
    const server = fakeServer();
    feed = new MongoCheckpointFeed(server.watch, {
      retryDelayMs: 0,
      logger: { warn: () => undefined },
    });
    const { heard, listener } = recordingListener();
    feed.follow('read-models', listener);
    await until(() => server.latest().waiting);
    server.latest().answer(updated('t1', 'read-models', '3'), { token: 1 });
    await until(() => server.latest().waiting);

    server.latest().fail(new Error('not primary'));
    await until(() => server.streams.length === 2 && server.latest().waiting);
    server.latest().answer(updated('t2', 'read-models', '4'), { token: 2 });
    await until(() => heard.length === 5);

    expect(server.streams[0].closed).toBe(true);
    expect(server.streams[1].options).toEqual({ resumeAfter: { token: 1 } });
    expect(heard).toEqual(['live', 'moved 3', 'lost', 'live', 'moved 4']);
  });

  it('starts over from now, for its listeners to read once, when the server refuses the resume token', async () => {
    const server = fakeServer();
    feed = new MongoCheckpointFeed(server.watch, {
      retryDelayMs: 0,
      logger: { warn: () => undefined },
    });
    const { heard, listener } = recordingListener();
    feed.follow('read-models', listener);
    await until(() => server.latest().waiting);
    server.latest().answer(null, { token: 1 });
    await until(() => server.latest().waiting);
    server.latest().fail(new Error('not primary'));
    await until(() => server.streams.length === 2 && server.latest().waiting);

    server.latest().fail(new Error('resume point may no longer be in the oplog'));
    await until(() => server.streams.length === 3 && server.latest().waiting);
    server.latest().answer(null);
    await until(() => heard.length === 3);

    expect(server.streams[2].options).toEqual({});
    expect(heard).toEqual(['live', 'lost', 'live']);
  });

  it('tells a listener that comes later that it is live, and stops on close', async () => {
    const server = fakeServer();
    feed = new MongoCheckpointFeed(server.watch, { retryDelayMs: 0 });
    feed.follow('read-models', recordingListener().listener);
    await until(() => server.latest().waiting);
    server.latest().answer(null);
    await until(() => server.latest().waiting);

    const later = recordingListener();
    const stop = feed.follow('reactor:payments', later.listener);
    stop();
    await feed.close();

    expect(later.heard).toEqual(['live']);
    expect(server.streams).toHaveLength(1);
    expect(server.latest().closed).toBe(true);
  });
});
