// negotiator 1 ships no types (DefinitelyTyped's describe 0.6); the one call the service makes.
declare module "negotiator" {
  import type { IncomingHttpHeaders } from "node:http";
  export default class Negotiator {
    constructor(request: { headers: IncomingHttpHeaders });
    /** The most preferred of `available` the request accepts, ties broken by `preferred`; undefined if none. */
    encoding(available: string[], options?: { preferred?: string[] }): string | undefined;
  }
}
