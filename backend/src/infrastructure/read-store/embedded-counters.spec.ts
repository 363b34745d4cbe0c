import { Logger } from '@nestjs/common';
import Database from 'better-sqlite3';
import { tempFiles } from '../../../test/support/temp-files';
import { EmbeddedReadStore } from './embedded-read-store';

const tempFile = tempFiles('read-models.sqlite');

/** The embedded read store's operational counters (`EmbeddedCounters`), through the store. */
describe('embedded read store counters', () => {
  it('writes the counters asked for in one turn in one transaction, in the order asked, and refuses them all once closed', async () => {
    const store = new EmbeddedReadStore(tempFile());
    const later = new Date(Date.now() + 60_000);
    const transactions = jest.spyOn(
      store as unknown as { written: (write: () => unknown) => unknown },
      'written',
    );
    const limits = ['user:m', 'user:h', 'user:m', 'ip:m'].map((key) => store.increment(key, later));
    expect(await Promise.all(limits)).toEqual([1, 1, 2, 1]);
    expect(transactions).toHaveBeenCalledTimes(1);
    expect(await store.counter('user:m')).toBe(2);
    await store.close();
    await expect(store.increment('user:m', later)).rejects.toThrow();
  });

  describe('counts a rate limit that a crash may lose in memory', () => {
    const later = () => new Date(Date.now() + 60_000);
    const soon = { mayLoseOnCrash: true };
    const inFile = (file: string) => {
      const db = new Database(file, { readonly: true });
      try {
        const rows = db.prepare('SELECT key, value FROM counters ORDER BY key').all();
        return Object.fromEntries(rows.map((row) => [(row as Row).key, (row as Row).value]));
      } finally {
        db.close();
      }
    };
    type Row = { key: string; value: number };
    afterEach(() => jest.useRealTimers());

    it('answers without a transaction, and writes the counters within a second, once each', async () => {
      jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
      const file = tempFile();
      const store = new EmbeddedReadStore(file);
      const transactions = jest.spyOn(
        store as unknown as { written: (write: () => unknown) => unknown },
        'written',
      );
      const values: number[] = [];
      for (let i = 0; i < 50; i += 1) {
        values.push(await store.increment('user:m', later(), 1, soon));
        values.push(await store.increment('ip:m', later(), 1, soon));
      }
      expect(values.slice(-2)).toEqual([50, 50]);
      expect(await store.increment('user:m', later(), -1, soon)).toBe(49);
      expect(await store.counter('user:m')).toBe(49);
      expect(transactions).not.toHaveBeenCalled();
      expect(inFile(file)).toEqual({});

      jest.advanceTimersByTime(1000);
      expect(transactions).toHaveBeenCalledTimes(1);
      expect(inFile(file)).toEqual({ 'ip:m': 50, 'user:m': 49 });
      await store.close();
    });

    it('writes them with the next increment stored before its answer, and at close', async () => {
      const file = tempFile();
      const store = new EmbeddedReadStore(file);
      await store.increment('user:m', later(), 1, soon);
      await store.increment('user:m', later(), 1, soon);
      expect(await store.increment('ended-session:a', later())).toBe(1);
      expect(inFile(file)).toEqual({ 'ended-session:a': 1, 'user:m': 2 });

      await store.increment('user:m', later(), 1, soon);
      await store.close();
      expect(inFile(file)).toEqual({ 'ended-session:a': 1, 'user:m': 3 });
      const reopened = new EmbeddedReadStore(file);
      expect(await reopened.counter('user:m')).toBe(3);
      expect(await reopened.increment('user:m', later(), 1, soon)).toBe(4);
      await reopened.close();
      await expect(reopened.increment('user:m', later(), 1, soon)).rejects.toThrow(/closed/);
    });

    it('keeps them when their file refuses them, says so once, and writes them once it takes them again', async () => {
      jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
      const file = tempFile();
      const store = new EmbeddedReadStore(file);
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
      const failing = jest
        .spyOn(store as unknown as { written: (write: () => unknown) => unknown }, 'written')
        .mockImplementation(() => {
          throw new Error('disk full');
        });
      try {
        expect(await store.increment('user:m', later(), 1, soon)).toBe(1);
        jest.advanceTimersByTime(1000);
        expect(await store.increment('user:m', later(), 1, soon)).toBe(2);
        jest.advanceTimersByTime(1000);
        expect(warn).toHaveBeenCalledTimes(1);
        expect(String(warn.mock.calls[0]![0])).toMatch(/rate counters .* failed.*disk full/);
        expect(await store.counter('user:m')).toBe(2);

        failing.mockRestore();
        jest.advanceTimersByTime(1000);
        expect(inFile(file)).toEqual({ 'user:m': 2 });
        expect(log).toHaveBeenCalledWith('The rate counters are written to their file again');
      } finally {
        warn.mockRestore();
        log.mockRestore();
      }
      await store.close();
    });
  });
});
