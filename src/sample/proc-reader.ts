/**
 * Re-reads small /proc files cheaply (IO edge). Two ways, chosen by measurement (see cost.ts):
 * 'pread' keeps the file open and preads from offset 0 into a reused buffer, which makes the
 * kernel regenerate the seq_file (one syscall per read); 'readFile' opens, reads and closes each time.
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';

export type ProcReadMode = 'pread' | 'readFile';

export class ProcFile {
  private fd: number | null = null;
  private buffer = Buffer.allocUnsafe(16 * 1024);
  private failed = false;

  constructor(
    readonly path: string,
    private readonly mode: ProcReadMode,
  ) {}

  /**
   * The file's text, or null when it does not exist or cannot be read (never throws).
   * With `headBytes`, at most that much of its start (/proc/stat's first line, without the long rest).
   */
  read(headBytes?: number): string | null {
    if (this.failed) return null;
    try {
      if (this.mode === 'readFile') {
        const text = readFileSync(this.path, 'latin1');
        return headBytes === undefined ? text : text.slice(0, headBytes);
      }
      this.fd ??= openSync(this.path, 'r');
      if (headBytes !== undefined) {
        const head = this.buffer.length >= headBytes ? this.buffer : Buffer.allocUnsafe(headBytes);
        const n = readSync(this.fd, head, 0, headBytes, 0);
        return head.toString('latin1', 0, n);
      }
      for (;;) {
        let length = 0;
        for (;;) {
          const n = readSync(this.fd, this.buffer, length, this.buffer.length - length, length);
          if (n === 0) break;
          length += n;
          if (length === this.buffer.length) break;
        }
        // A full buffer may mean a truncated file: grow and read again from the start.
        if (length < this.buffer.length) return this.buffer.toString('latin1', 0, length);
        this.buffer = Buffer.allocUnsafe(this.buffer.length * 2);
      }
    } catch {
      // Missing on this kernel (no PSI, not Linux): stop trying, the field stays null.
      this.failed = true;
      this.close();
      return null;
    }
  }

  close(): void {
    if (this.fd !== null) {
      try {
        closeSync(this.fd);
      } catch {
        // Already closed.
      }
      this.fd = null;
    }
  }
}
