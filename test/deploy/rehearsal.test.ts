// The rehearsal, shortened: 30 s through HAProxy in front of three servers on PgBouncer and a
// streaming replica, with two workers, through a rolling restart and a worker killed mid-export.
// No acknowledged write is lost, no job runs twice or not at all, every export downloads through
// the balancer, and the rolling restart costs no request; where Prometheus is installed, it scraped
// all five processes and found every monitored metric (bench/rehearsal/prometheus.ts). Runs where HAProxy, PgBouncer and
// PostgreSQL's server binaries are installed (it starts a PostgreSQL primary of its own), in the
// PostgreSQL pass of the suite only (DATABASE_URL set), so that CI runs it once.
import { describe, expect, it } from "vitest";
import { drive } from "../../bench/rehearsal/drive.js";
import { prometheusReport } from "../../bench/rehearsal/prometheus.js";
import { Topology } from "../../bench/rehearsal/topology.js";

describe("rehearsed deployment (shortened)", () => {
  it("loses no acknowledged write, runs every job once, and drains servers without failed requests", async (context) => {
    if (!process.env.DATABASE_URL) return context.skip("runs in the PostgreSQL pass (DATABASE_URL set)");
    const topology = new Topology();
    try {
      const cannot = await topology.start();
      if (cannot) return context.skip(cannot);
      const lines: string[] = [];
      const summary = await drive(topology, { seconds: 30, rate: 10, faults: ["rolling-restart", "kill-worker"], out: (line) => lines.push(line) });
      const report = lines.join("\n");
      expect({ lost: summary.lostWrites, duplicates: summary.duplicateJobs, lostJobs: summary.lostJobs, downloads: summary.failedDownloads, rollingRestart: summary.failedDuringRollingRestart }, report).toEqual({
        lost: 0,
        duplicates: 0,
        lostJobs: 0,
        downloads: 0,
        rollingRestart: 0,
      });
      if (topology.scraping) {
        const scraped = await prometheusReport(topology.scraping, { flooded: false });
        expect(scraped.held, scraped.lines.join("\n")).toBe(true);
        expect(scraped.lines.join("\n")).toContain(`targets up 5 of 5; never up: none`);
      }
      expect(summary.line).toMatch(/^rehearsal: lost writes 0, duplicate jobs 0, failed requests \d+, retriable \d+, PostgreSQL recovery not tested$/);
    } finally {
      await topology.stop();
    }
  }, 240_000);
});
