// The timecode module: known drop-frame conversions, the one rounding rule, refusals, properties at
// every rate, and a cross-check against the independent smpte-timecode library.
import fc from "fast-check";
import Timecode from "smpte-timecode";
import { describe, expect, it } from "vitest";
import {
  defaultDropFrame,
  framesPerDay,
  framesToMs,
  framesToTimecode,
  msToFrames,
  msToTimecode,
  timecodeToFrames,
  timecodeToMs,
  timeOfDayTimecode,
  TimecodeError,
  type FrameRate,
} from "../../src/timecode/index.js";

const DF2997: FrameRate = { fps: 29.97, dropFrame: true };
const DF5994: FrameRate = { fps: 59.94, dropFrame: true };
const NDF2997: FrameRate = { fps: 29.97, dropFrame: false };

/** Every rate the module serves, as a schedule would store it. */
const RATES: FrameRate[] = [
  { fps: 23.976, dropFrame: false },
  { fps: 24, dropFrame: false },
  { fps: 25, dropFrame: false },
  NDF2997,
  DF2997,
  { fps: 30, dropFrame: false },
  { fps: 50, dropFrame: false },
  { fps: 59.94, dropFrame: false },
  DF5994,
  { fps: 60, dropFrame: false },
];

describe("drop-frame labels (known conversions)", () => {
  it.each([
    [DF2997, 0, "00:00:00;00"],
    [DF2997, 1799, "00:00:59;29"],
    [DF2997, 1800, "00:01:00;02"],
    [DF2997, 3597, "00:01:59;29"],
    [DF2997, 3598, "00:02:00;02"],
    [DF2997, 17981, "00:09:59;29"],
    [DF2997, 17982, "00:10:00;00"],
    [DF2997, 17983, "00:10:00;01"],
    [DF2997, 19782, "00:11:00;02"],
    [DF2997, 107892, "01:00:00;00"],
    [DF2997, 2589407, "23:59:59;29"],
    [DF5994, 3599, "00:00:59;59"],
    [DF5994, 3600, "00:01:00;04"],
    [DF5994, 35964, "00:10:00;00"],
    [DF5994, 215784, "01:00:00;00"],
    [NDF2997, 1800, "00:01:00:00"],
    [NDF2997, 108000, "01:00:00:00"],
    [{ fps: 25, dropFrame: false }, 90000, "01:00:00:00"],
    [{ fps: 23.976, dropFrame: false }, 86400, "01:00:00:00"],
    [{ fps: 25, dropFrame: false }, 25 * 3600 * 30 + 3, "30:00:00:03"],
  ])("%o frame %i is %s, and back", (rate, frames, label) => {
    expect(framesToTimecode(frames, rate)).toBe(label);
    expect(timecodeToFrames(label, rate)).toBe(frames);
  });

  it("a day of drop-frame labels is 2,589,408 frames at 29.97 (and twice that at 59.94)", () => {
    expect(framesPerDay(DF2997)).toBe(2_589_408);
    expect(framesPerDay(DF5994)).toBe(5_178_816);
    expect(framesPerDay({ fps: 25, dropFrame: false })).toBe(2_160_000);
  });
});

describe("milliseconds and the rounding rule (nearest frame, ties to the later frame)", () => {
  it("whole frames convert exactly; a frame at 29.97 is 1001/30 ms", () => {
    expect(msToFrames(40, { fps: 25, dropFrame: false })).toBe(1);
    expect(framesToMs(1800, NDF2997)).toBe(60_060);
    expect(msToFrames(60_060, DF2997)).toBe(1800);
    expect(framesToMs(17982, DF2997)).toBe(599_999); // ten drop-frame minutes are 599,999.4 real ms
    expect(timecodeToMs("00:10:00;00", DF2997)).toBe(599_999);
    expect(timecodeToMs("01:00:00;00", DF2997)).toBe(3_599_996);
    expect(timecodeToMs("00:00:00:01", NDF2997)).toBe(33);
  });

  it("ms between frames go to the nearest frame, a tie to the later one", () => {
    const pal = { fps: 25, dropFrame: false };
    expect(msToFrames(19, pal)).toBe(0);
    expect(msToFrames(20, pal)).toBe(1); // exactly half a frame: the later frame
    expect(msToFrames(59, pal)).toBe(1);
    expect(msToFrames(-20, pal)).toBe(0); // ties go later for negative values too
    expect(msToTimecode(999, pal)).toBe("00:00:01:00");
    expect(msToTimecode(16, DF2997)).toBe("00:00:00;00");
    expect(msToTimecode(17, DF2997)).toBe("00:00:00;01"); // 16.68 ms is half a frame
  });

  it("stays exact for instants past 2^53 / fps (BigInt path) and fractional ms", () => {
    const instant = Date.UTC(2026, 10, 23, 12, 0, 0);
    const exact = (2n * BigInt(instant) * 60000n + 1001000n) / 2002000n; // floor(x + 1/2), all in integers
    expect(msToFrames(instant, DF5994)).toBe(Number(exact));
    expect(msToFrames(framesToMs(Number(exact), DF5994), DF5994)).toBe(Number(exact));
    expect(Math.abs(framesToMs(Number(exact), DF5994) - instant)).toBeLessThanOrEqual(9); // within half a frame
    expect(msToFrames(39.9, { fps: 25, dropFrame: false })).toBe(1);
  });

  it("time of day is counted from UTC midnight and wraps after 23:59:59", () => {
    const midnight = Date.UTC(2026, 2, 1);
    expect(timeOfDayTimecode(midnight + 6 * 3_600_000, { fps: 25, dropFrame: false })).toBe("06:00:00:00");
    expect(timeOfDayTimecode(midnight + 600_000, DF2997)).toBe("00:10:00;00");
    // drop-frame labels run 3.6 ms an hour ahead of the clock: six real hours are 647,352.6 frames, labelled 06:00:00;01
    expect(timeOfDayTimecode(midnight + 6 * 3_600_000, DF2997)).toBe("06:00:00;01");
    expect(timeOfDayTimecode(midnight - 1, { fps: 25, dropFrame: false })).toBe("00:00:00:00"); // 23:59:59.999 rounds to the next frame
    // a day of labels (2,589,408 frames) ends at 86,399,913.6 ms: the frames after, before real midnight, wrap
    expect(timeOfDayTimecode(midnight - 90, DF2997)).toBe("00:00:00;00");
    expect(timeOfDayTimecode(midnight - 120, DF2997)).toBe("23:59:59;29");
  });
});

describe("refusals", () => {
  it.each([
    ["00:01:00;00", DF2997, /does not exist at 29.97 drop-frame.*;00 to ;01/],
    ["00:01:00;01", DF2997, /does not exist/],
    ["00:01:00;03", DF5994, /;00 to ;03/],
    ["00:00:00:30", NDF2997, /frames count 00 to 29/],
    ["00:00:00:25", { fps: 25, dropFrame: false }, /frames count 00 to 24/],
    ["00:61:00:00", { fps: 25, dropFrame: false }, /minutes 61 are past 59/],
    ["00:00:60:00", { fps: 25, dropFrame: false }, /seconds 60 are past 59/],
    ["1:2:3", { fps: 25, dropFrame: false }, /is not a timecode: write HH:MM:SS:FF/],
    ["00:00:01.00", { fps: 25, dropFrame: false }, /is not a timecode/],
    ["01:00:00;12", { fps: 25, dropFrame: false }, /drop-frame label.*only at 29.97 and 59.94/],
    ["00:00:01:00", { fps: 12.5, dropFrame: false }, /no timecode at 12.5 fps/],
  ])("%s at %o", (label, rate, message) => {
    expect(() => timecodeToFrames(label, rate)).toThrow(TimecodeError);
    expect(() => timecodeToFrames(label, rate)).toThrow(message);
  });

  it("drop-frame only at 29.97 and 59.94; no negative or partial frame numbers", () => {
    expect(() => framesToTimecode(1, { fps: 25, dropFrame: true })).toThrow(/drop-frame exists only at 29.97 and 59.94 fps, not at 25/);
    expect(() => framesToTimecode(1, { fps: 23.976, dropFrame: true })).toThrow(/not at 23.976/);
    expect(() => framesToTimecode(-1, DF2997)).toThrow(TimecodeError);
    expect(() => framesToTimecode(1.5, DF2997)).toThrow(TimecodeError);
    expect(() => msToFrames(Number.NaN, DF2997)).toThrow(TimecodeError);
  });

  it("drop-frame is the default at 29.97 and 59.94 only", () => {
    expect([23.976, 24, 25, 29.97, 30, 50, 59.94, 60, 12.5].map(defaultDropFrame)).toEqual([false, false, false, true, false, false, true, false, false]);
    expect(defaultDropFrame(30000 / 1001)).toBe(true);
  });
});

const rateArb = fc.constantFrom(...RATES);
const frameArb = fc.integer({ min: 0, max: 60 * 60 * 100 * 60 }); // up to 100 hours at 60 fps

describe("properties", () => {
  it("frames → timecode → frames is the identity at every rate", () => {
    fc.assert(fc.property(rateArb, frameArb, (rate, frames) => timecodeToFrames(framesToTimecode(frames, rate), rate) === frames), { numRuns: 5000 });
  });

  it("frames → ms → frames is the identity at every rate", () => {
    fc.assert(fc.property(rateArb, frameArb, (rate, frames) => msToFrames(framesToMs(frames, rate), rate) === frames), { numRuns: 5000 });
  });

  it("consecutive frames have consecutive labels, and ms round to within half a frame", () => {
    fc.assert(
      fc.property(rateArb, fc.integer({ min: 0, max: 400_000_000 }), (rate, ms) => {
        const frames = msToFrames(ms, rate);
        const period = (1000 * (rate.fps % 1 === 0 ? 1 : 1.001)) / Math.round(rate.fps);
        return Math.abs(framesToMs(frames, rate) - ms) <= period / 2 + 0.5;
      }),
      { numRuns: 5000 },
    );
  });

  it("drop-frame labels ;00 and ;01 (;00 to ;03 at 59.94) never appear in minutes not divisible by 10", () => {
    for (const [rate, dropped] of [[DF2997, 2], [DF5994, 4]] as const) {
      fc.assert(
        fc.property(frameArb, (frames) => {
          const label = framesToTimecode(frames, rate);
          const [mm, ss, ff] = [Number(label.slice(3, 5)), Number(label.slice(6, 8)), Number(label.slice(9))];
          return !(ss === 0 && ff < dropped && mm % 10 !== 0);
        }),
        { numRuns: 5000 },
      );
    }
    // and exhaustively over the first hour at 29.97
    const dropped = /^\d\d:\d[1-9]:00;0[01]$/;
    const seen: string[] = [];
    for (let f = 0; f < 107_892; f++) if (dropped.test(framesToTimecode(f, DF2997))) seen.push(framesToTimecode(f, DF2997));
    expect(seen).toEqual([]);
  });
});

describe("cross-check with smpte-timecode", () => {
  const day = fc.integer({ min: 0, max: 24 * 3600 * 24 - 1 }); // that library wraps at 24 h
  it("gives the same label and frame count at every rate", () => {
    fc.assert(
      fc.property(rateArb, day, (rate, n) => {
        const frames = n % framesPerDay(rate);
        const fraction: [number, number] = rate.fps % 1 === 0 ? [rate.fps, 1] : [Math.round(rate.fps) * 1000, 1001];
        const theirs = Timecode(frames, fraction, rate.dropFrame);
        const label = framesToTimecode(frames, rate);
        return theirs.toString() === label && Timecode(label, fraction, rate.dropFrame).frameCount === timecodeToFrames(label, rate);
      }),
      { numRuns: 10_000 },
    );
  });

  it("refuses the same dropped labels", () => {
    for (const label of ["00:01:00;00", "00:01:00;01", "00:09:00;01", "13:59:00;00"]) {
      expect(() => Timecode(label, [30000, 1001], true)).toThrow();
      expect(() => timecodeToFrames(label, DF2997)).toThrow(TimecodeError);
    }
  });
});
