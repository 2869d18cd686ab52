// Progress of a job on the terminal: a bar redrawn in place on a TTY, plain lines otherwise (so
// that logs and scripts read one line per change).
export interface ProgressReporter {
  update(percent: number, status: string): void;
  done(): void;
}

export function progressReporter(label: string, stream: NodeJS.WriteStream = process.stderr): ProgressReporter {
  let last = "";
  if (stream.isTTY) {
    return {
      update(percent, status) {
        const width = 30;
        const filled = Math.round((Math.max(0, Math.min(100, percent)) / 100) * width);
        stream.write(`\r${label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${String(percent).padStart(3)}% ${status.padEnd(10)}`);
      },
      done: () => stream.write("\n"),
    };
  }
  return {
    update(percent, status) {
      const line = `${label} ${status} ${percent}%`;
      if (line !== last) stream.write(line + "\n");
      last = line;
    },
    done: () => {},
  };
}
