// Trusted documents (TRUSTED_DOCUMENTS, docs/SECURITY.md "Trusted documents"): the operations a
// frontend's build wrote into its manifest, loaded once at start-up. Each is held to every check a
// free-text document meets on its way in (MAX_QUERY_BYTES, MAX_TOKENS, parsing, the schema's
// validation with the depth, alias and directive rules Apollo is given, the text rule, list
// lengths and MAX_QUERY_COST), and its id must be the SHA-256 of its text: anything else stops
// start-up with a message naming the file and the operation. A request then names a document by its
// hash (trusted-requests.ts): Apollo finds its text and its parsed, validated document here, never
// hashing, parsing or validating it again, and the request checks find its facts and cost measured.
//
// Two manifest formats, one file or a folder of them (several apps at once):
//   graphql-codegen's client preset (presetConfig.persistedDocuments): { "sha256:<hex>": "<text>" }
//     (a plain "<hex>" key is read too)
//   Apollo's generator (@apollo/generate-persisted-query-manifest):
//     { "format": "apollo-persisted-query-manifest", "version": 1,
//       "operations": [{ "id": "<sha256 hex>", "name": "...", "type": "query", "body": "<text>" }] }
import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { Kind, parse, specifiedRules, validate, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from "graphql";
import type { Config } from "../../config.js";
import { checkQueryBytes, queryValidationRules, type RequestChecks } from "../limits/index.js";
import type { KeyValueCache } from "../limits/index.js";

/** At most this many documents, of at most this many bytes of text together, and manifests of at most `fileBytes` each. */
export const TRUSTED_DOCUMENT_LIMITS = { documents: 10_000, bytes: 32 * 1024 * 1024, fileBytes: 64 * 1024 * 1024 };

const SHA256_HEX = /^[0-9a-f]{64}$/;

export interface TrustedDocument {
  /** The SHA-256 of its text, lower-case hex. */
  id: string;
  text: string;
  /** Parsed and validated once; Apollo and the request checks reuse this very object. */
  document: DocumentNode;
  /** Its first operation's name, for messages and logs. */
  name: string;
}

export interface TrustedDocuments {
  readonly size: number;
  /** UTF-16 characters of all texts. */
  readonly bytes: number;
  /** The manifests read. */
  readonly files: string[];
  get(id: string): TrustedDocument | undefined;
  /** The names of every named operation of the documents (the metrics label these by name). */
  operationNames(): Set<string>;
}

/** A manifest that cannot be trusted: start-up stops with this message. */
export class TrustedDocumentsError extends Error {
  override name = "TrustedDocumentsError";
}

type Entry = { id: unknown; name?: unknown; text: unknown };

/** The entries of one manifest, whichever of the two formats it is in. */
function entriesOf(file: string, json: unknown): Entry[] {
  const refuse = (why: string) => new TrustedDocumentsError(`TRUSTED_DOCUMENTS: ${file} ${why}`);
  if (typeof json !== "object" || json === null || Array.isArray(json)) throw refuse("is not a manifest: expected a JSON object");
  const manifest = json as Record<string, unknown>;
  if ("format" in manifest) {
    if (manifest.format !== "apollo-persisted-query-manifest") throw refuse(`has format ${JSON.stringify(manifest.format)}; only "apollo-persisted-query-manifest" (Apollo's generator) or a graphql-codegen persisted-documents.json object`);
    if (manifest.version !== 1) throw refuse(`is an Apollo manifest of version ${JSON.stringify(manifest.version)}; only version 1 is read`);
    if (!Array.isArray(manifest.operations)) throw refuse("is an Apollo manifest without an operations array");
    return manifest.operations.map((operation: Record<string, unknown> | null) => ({ id: operation?.id, name: operation?.name, text: operation?.body }));
  }
  return Object.entries(manifest).map(([id, text]) => ({ id, text }));
}

/** The manifests a path names: the file, or every *.json of the folder (not its subfolders), in name order. */
async function manifestFiles(path: string): Promise<string[]> {
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    throw new TrustedDocumentsError(`TRUSTED_DOCUMENTS=${path} cannot be read: ${(error as Error).message}`);
  }
  if (!info.isDirectory()) return [path];
  const files = (await readdir(path, { withFileTypes: true })).filter((entry) => entry.isFile() && entry.name.endsWith(".json")).map((entry) => join(path, entry.name));
  if (files.length === 0) throw new TrustedDocumentsError(`TRUSTED_DOCUMENTS=${path} is a folder without a *.json manifest`);
  return files.sort();
}

export interface TrustedDocumentChecks {
  schema: GraphQLSchema;
  checks: RequestChecks;
  config: Pick<Config, "maxQueryBytes" | "maxTokens" | "maxQueryDepth" | "maxAliases" | "maxDirectives">;
}

/** Loads, checks and keeps the documents of TRUSTED_DOCUMENTS; throws TrustedDocumentsError naming the file and operation at fault. */
export async function loadTrustedDocuments(path: string, deps: TrustedDocumentChecks): Promise<TrustedDocuments> {
  const documents = new Map<string, TrustedDocument>();
  let bytes = 0;
  const files = await manifestFiles(path);
  for (const file of files) {
    const size = (await stat(file)).size;
    if (size > TRUSTED_DOCUMENT_LIMITS.fileBytes) throw new TrustedDocumentsError(`TRUSTED_DOCUMENTS: ${file} is ${size} bytes, more than ${TRUSTED_DOCUMENT_LIMITS.fileBytes}`);
    let json: unknown;
    try {
      json = JSON.parse(await readFile(file, "utf8"));
    } catch (error) {
      throw new TrustedDocumentsError(`TRUSTED_DOCUMENTS: ${file} is not JSON: ${(error as Error).message}`);
    }
    for (const [index, entry] of entriesOf(file, json).entries()) {
      const document = trustedDocumentOf(file, index, entry, deps);
      if (documents.has(document.id)) continue; // the same text in two manifests (its hash says so)
      bytes += document.text.length;
      if (documents.size + 1 > TRUSTED_DOCUMENT_LIMITS.documents) throw new TrustedDocumentsError(`TRUSTED_DOCUMENTS: more than ${TRUSTED_DOCUMENT_LIMITS.documents} documents (at ${file})`);
      if (bytes > TRUSTED_DOCUMENT_LIMITS.bytes) throw new TrustedDocumentsError(`TRUSTED_DOCUMENTS: the documents' texts together pass ${TRUSTED_DOCUMENT_LIMITS.bytes} characters (at ${file})`);
      documents.set(document.id, document);
    }
  }
  const operationNames = () => {
    const names = new Set<string>();
    for (const { document } of documents.values()) {
      for (const definition of document.definitions) if (definition.kind === Kind.OPERATION_DEFINITION && definition.name) names.add(definition.name.value);
    }
    return names;
  };
  return { size: documents.size, bytes, files, get: (id) => documents.get(id), operationNames };
}

/** One entry checked as a free-text document would be on its way in, and its hash against its text. */
function trustedDocumentOf(file: string, index: number, entry: Entry, deps: TrustedDocumentChecks): TrustedDocument {
  const label = typeof entry.name === "string" && entry.name ? entry.name : typeof entry.text === "string" ? (/^\s*(?:query|mutation|subscription)\s+(\w+)/.exec(entry.text)?.[1] ?? `#${index + 1}`) : `#${index + 1}`;
  const refuse = (why: string) => new TrustedDocumentsError(`TRUSTED_DOCUMENTS: ${file}, operation ${label}: ${why}`);
  if (typeof entry.id !== "string" || typeof entry.text !== "string") throw refuse("needs an id and a document text (strings)");
  // codegen's client preset writes its keys as "sha256:<hex>".
  const id = entry.id.replace(/^sha256:/i, "").toLowerCase();
  if (!SHA256_HEX.test(id)) throw refuse(`its id ${JSON.stringify(entry.id.slice(0, 80))} is not a SHA-256 in hex (codegen: persistedDocuments.hashAlgorithm "sha256", its default)`);
  const text = entry.text;
  const actual = createHash("sha256").update(text).digest("hex");
  if (actual !== id) throw refuse(`the sha256 of its text is ${actual}, not its id ${id}: the manifest was changed after it was written, or its hash is not of this text`);
  let document: DocumentNode;
  try {
    checkQueryBytes(text, deps.config.maxQueryBytes);
    deps.checks.tokens(text, false);
    document = parse(text);
  } catch (error) {
    throw refuse((error as Error).message);
  }
  // The rules Apollo validates a free-text document with.
  const errors = validate(deps.schema, document, [...specifiedRules, ...queryValidationRules(deps.config)]);
  if (errors.length) throw refuse(errors.map((error) => error.message).join("; "));
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (operations.length === 0) throw refuse("holds no operation");
  try {
    // What the request checks find of the document alone, measured now and kept on this object:
    // the text rule, list lengths and the cost without variables (a request whose variables set a
    // `size` or an `if` has its cost measured for their values, once per distinct values).
    deps.checks.strings(document, {});
    for (const operation of operations) {
      const operationName = operation.name?.value;
      deps.checks.lists(document, {}, operationName);
      deps.checks.cost(document, operationName, {});
    }
  } catch (error) {
    throw refuse((error as Error).message);
  }
  return { id, text, document, name: operations[0].name?.value ?? label };
}

/**
 * Apollo's caches with the trusted documents in front: the persisted queries' texts by hash, and
 * parsed documents by Apollo's key (`<schema hash>:<sha256 of the text>`). Apollo finds a trusted
 * document by its hash without hashing, parsing or validating its text.
 */
export function withTrustedDocuments<V>(cache: KeyValueCache<V>, trusted: TrustedDocuments | undefined, valueOf: (document: TrustedDocument) => V): KeyValueCache<V> {
  if (!trusted) return cache;
  return {
    get: async (key) => {
      const found = trusted.get(key.slice(key.lastIndexOf(":") + 1));
      return found ? valueOf(found) : cache.get(key);
    },
    set: (key, value, options) => cache.set(key, value, options),
    delete: (key) => cache.delete(key),
  };
}
