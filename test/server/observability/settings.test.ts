// The settings of metrics and traces (src/config.ts): off by default, on by the standard OTEL_*
// variables, and refused with a message naming the variable when they cannot work.
import { describe, expect, it } from "vitest";
import { loadConfig, type ConfigError } from "../../../src/config.js";

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
};

describe("metrics and traces settings", () => {
  it("are off by default", () => {
    expect(loadConfig({})).toMatchObject({ metricsPort: undefined, metricsHost: "127.0.0.1", metricsOperations: [], tracesEndpoint: undefined, serviceName: "playout-gateway" });
  });

  it("put metrics on a port of their own, never the public one", () => {
    expect(loadConfig({ METRICS_PORT: "9464", METRICS_OPERATIONS: "Poll, ScheduleDay" })).toMatchObject({ metricsPort: 9464, metricsOperations: ["Poll", "ScheduleDay"] });
    expect(problems({ PORT: "9464", METRICS_PORT: "9464" })).toEqual([expect.stringContaining("METRICS_PORT must differ from PORT")]);
    expect(problems({ METRICS_OPERATIONS: "Poll,not a name" })).toEqual([expect.stringContaining("METRICS_OPERATIONS")]);
  });

  it("trace to the endpoint the OTEL_* variables name, unless disabled", () => {
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/" }).tracesEndpoint).toBe("http://collector:4318/v1/traces");
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "https://vendor.example/otlp/traces" }).tracesEndpoint).toBe("https://vendor.example/otlp/traces");
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_SDK_DISABLED: "true" }).tracesEndpoint).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_TRACES_EXPORTER: "none" }).tracesEndpoint).toBeUndefined();
    expect(loadConfig({ OTEL_TRACES_SAMPLER: "parentbased_traceidratio", OTEL_TRACES_SAMPLER_ARG: "0.1", OTEL_SERVICE_NAME: "pg-eu" })).toMatchObject({ tracesSampler: { name: "parentbased_traceidratio", ratio: 0.1 }, serviceName: "pg-eu" });
  });

  it("refuse what the exporter could not do", () => {
    expect(problems({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" })).toEqual([expect.stringContaining("OTEL_EXPORTER_OTLP_ENDPOINT")]);
    expect(problems({ OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" })).toEqual([expect.stringContaining("http/json")]);
    expect(problems({ OTEL_TRACES_SAMPLER: "sometimes" })).toEqual([expect.stringContaining("OTEL_TRACES_SAMPLER")]);
    expect(problems({ OTEL_TRACES_SAMPLER_ARG: "2" })).toEqual([expect.stringContaining("OTEL_TRACES_SAMPLER_ARG")]);
  });
});
