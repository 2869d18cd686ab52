// What the server hands the GraphiQL page (as JSON in the HTML). Types only: the browser bundle
// imports this file too, so it must not import anything.

export interface PageExample {
  area: string;
  title: string;
  description: string;
  query: string;
  /**
   * JSON text for the variables editor; "" when the operation takes none. Placeholders such as
   * "{{schedule.id}}" are filled in by the page on opening (example-variables.ts).
   */
  variables: string;
  /** The example only reads (it must answer data on the demo). */
  read: boolean;
}

export interface GraphiQLPageConfig {
  /** Where the fetcher posts operations. */
  endpoint: string;
  /** Where the bundle and the Monaco workers are served, ending with "/". */
  assetsPath: string;
  /** Appended to asset URLs as ?v= so that a rebuilt bundle is never mixed with a cached one. */
  assetsVersion: string;
  /** JSON text for the headers editor: the demo token in the embedded default, else "". */
  headers: string;
  /** Text of the first tab when the browser has no saved tabs. */
  welcome: string;
  examples: PageExample[];
}
