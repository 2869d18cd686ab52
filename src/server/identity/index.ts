// Identity: who asks. Tokens (HS256 and the identity provider's), the provider's key set, the
// cache of verified tokens, and the caller found from a request's headers before its body is read.
// The rooms of src/server/ (docs/ARCHITECTURE.md): http/ < observability/ < identity/ < limits/ < graphql/.

// The caller of a request.
export { bearerAuthenticator, callerFor, callerOf, identifyCaller, isKnownCaller } from "./caller.js";
export type { Authenticate, Caller } from "./caller.js";
// Tokens signed and verified.
export { embeddedSecret, signToken, verifyToken } from "./tokens.js";
export { cachedTokenVerifier } from "./token-cache.js";
export { identityProviderOf, tokenVerifier } from "./token-verifier.js";
export type { IdentityProvider } from "./token-verifier.js";
