import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { endianness } from 'node:os';

/** Where the WAL-index header keeps `mxFrame`, the last valid frame of the log. */
const MX_FRAME_OFFSET = 16;

/**
 * How many frames (pages written) a SQLite file's write-ahead log holds, read where SQLite keeps
 * it: `mxFrame` of the WAL-index header at the start of the `-shm` file, in the machine's byte
 * order (https://www.sqlite.org/walformat.html, "The WAL-Index Header"). It falls back to zero
 * when the log starts over. One read of four bytes, no lock: a value read while another
 * connection commits is that commit's or the one before, either of which will do for deciding
 * when to checkpoint. Null when the file has no `-shm` (a connection in exclusive locking mode
 * keeps the index in its own memory) or it cannot be read.
 */
export class WalFrames {
  private fd: number | null = null;
  private readonly header = Buffer.alloc(4);
  private readonly littleEndian = endianness() === 'LE';
  private last: number | null = null;

  constructor(private readonly shmFile: string) {}

  /** The frames now, read after a commit. */
  read(): number | null {
    const frames = this.readHeader();
    if (frames === null || frames !== this.last) return (this.last = frames);
    // A commit adds frames: an unchanged count may come from an index file removed since it was
    // opened (the database left WAL mode, and came back with a new one).
    if (fstatSync(this.fd!).nlink > 0) return frames;
    this.close();
    return (this.last = this.readHeader());
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  private readHeader(): number | null {
    try {
      this.fd ??= openSync(this.shmFile, 'r');
      if (readSync(this.fd, this.header, 0, 4, MX_FRAME_OFFSET) < 4) return null;
    } catch {
      return null;
    }
    return this.littleEndian ? this.header.readUInt32LE(0) : this.header.readUInt32BE(0);
  }
}
