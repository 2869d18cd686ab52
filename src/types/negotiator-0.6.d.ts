// negotiator 0.6 under an alias (src/server/http/answer-compression.ts): the compression middleware's version.
declare module "negotiator-0.6" {
  const Negotiator: new (request: { headers: Record<string, string | string[] | undefined> }) => unknown;
  export default Negotiator;
}
