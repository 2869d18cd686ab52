// Types for the devDependency smpte-timecode (it ships none); only what the cross-check uses.
declare module "smpte-timecode" {
  interface SmpteTimecode {
    frameCount: number;
    hours: number;
    minutes: number;
    seconds: number;
    frames: number;
    dropFrame: boolean;
    toString(): string;
  }
  function Timecode(timecode: number | string, frameRate?: number | [number, number], dropFrame?: boolean): SmpteTimecode;
  export default Timecode;
}
