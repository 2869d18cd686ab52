// What an example of GraphiQL's Examples panel is (examples.ts lists them, with template-examples.ts).
// Bundled into no page: the page receives PageExample (page-config.ts).

export type ExampleArea = "Schedules" | "Events" | "Validation" | "Jobs" | "Reporting" | "Templates";

export interface Example {
  area: ExampleArea;
  title: string;
  description: string;
  /** One named operation (the name becomes the tab title). */
  query: string;
  /** Strings "{{name.field}}" are filled in by the page (example-variables.ts). */
  variables?: Record<string, unknown>;
  /** Reads only: running it must answer data (the browser test checks it on the demo). */
  read?: boolean;
  /** Fields beyond the root fields that must exist, as "Type.field" (e.g. "Schedule.events"). */
  needs?: string[];
}

