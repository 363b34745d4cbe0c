import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { endianness } from 'node:os';

/** Where the WAL-index header keeps `mxFrame`; `aSalt[0]` follows 16 bytes later. */
const MX_FRAME_OFFSET = 16;
const HEADER_BYTES = 20;
const SALT_AT = 16;

/** The write-ahead log's length in frames, and which log it is (it changes when it starts over). */
export interface WalLength {
  frames: number;
  salt: number;
}

/**
 * How many frames (pages written) a SQLite file's write-ahead log holds, read where SQLite keeps
 * it: `mxFrame` of the WAL-index header at the start of the `-shm` file, with the log's first
 * salt, which changes each time the log starts over (https://www.sqlite.org/walformat.html, "The
 * WAL-Index Header"; the machine's byte order). One read of twenty bytes, no lock: a value read
 * while a commit goes on is that commit's or the one before, either of which will do for
 * deciding when to checkpoint. Null when the file has no `-shm` (a connection in exclusive
 * locking mode keeps the index in its own memory) or it cannot be read.
 *
 * The descriptor stays open: closing any descriptor of a file drops every POSIX lock the process
 * holds on it, SQLite's own included. Only one of an index file that has been removed (the
 * database left WAL mode, and no connection uses it any more) is closed while the database is
 * open; `close` comes after every connection of this process to the database has closed.
 */
export class WalFrames {
  private fd: number | null = null;
  private readonly header = Buffer.alloc(HEADER_BYTES);
  private readonly littleEndian = endianness() === 'LE';
  private last: WalLength | null = null;

  constructor(private readonly shmFile: string) {}

  /** The log's length now, read after a commit. */
  read(): WalLength | null {
    const length = this.readHeader();
    const last = this.last;
    this.last = length;
    if (!length || !last || length.frames !== last.frames || length.salt !== last.salt) {
      return length;
    }
    // A commit adds frames: an unchanged header may be an index file removed since it was
    // opened (the database left WAL mode, and came back with a new one).
    if (fstatSync(this.fd!).nlink > 0) return length;
    this.close();
    return (this.last = this.readHeader());
  }

  /** Only once no connection of this process has the database open (see above). */
  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  private readHeader(): WalLength | null {
    try {
      this.fd ??= openSync(this.shmFile, 'r');
      if (readSync(this.fd, this.header, 0, HEADER_BYTES, MX_FRAME_OFFSET) < HEADER_BYTES) {
        return null;
      }
    } catch {
      return null;
    }
    return this.littleEndian
      ? { frames: this.header.readUInt32LE(0), salt: this.header.readUInt32LE(SALT_AT) }
      : { frames: this.header.readUInt32BE(0), salt: this.header.readUInt32BE(SALT_AT) };
  }
}
