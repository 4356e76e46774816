import { Writable } from 'node:stream';

/** A stream that keeps what a command writes to it (its stdout or stderr), as text. */
export class Collected extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}
