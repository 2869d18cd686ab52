// GraphiQL: the page, its examples and the bundle it serves (built by build.ts at install).
export { isLoopbackHost, mountGraphiQL } from "./route.js";
