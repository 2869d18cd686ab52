// A cue that cannot be read or written. `byteOffset` says where in the section (or, for text
// input, which character) the problem is, so a person pasting from a packager log can find it.
export class Scte35Error extends Error {
  constructor(
    message: string,
    readonly byteOffset: number | null = null,
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = "Scte35Error";
  }
}
