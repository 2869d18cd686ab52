// Query depth, checked during validation, before anything runs.
import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from "graphql";

/**
 * Rejects documents whose selections nest deeper than `maxDepth` (fragments followed, cycles cut).
 * Each fragment's depth is computed once: the walk is linear in the document, however often a
 * fragment is spread (`...F1 ...F1` in every one of 24 fragments would be 2^24 walks otherwise).
 */
export function depthLimit(maxDepth: number) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    }
    const fragmentDepth = new Map<string, number>();
    const inProgress = new Set<string>();
    const depthOfFragment = (name: string): number => {
      const known = fragmentDepth.get(name);
      if (known !== undefined) return known;
      const fragment = fragments.get(name);
      // Unknown fragments and cycles are other rules' errors: they add nothing here.
      if (!fragment || inProgress.has(name)) return 0;
      inProgress.add(name);
      const depth = depthOf(fragment.selectionSet);
      inProgress.delete(name);
      fragmentDepth.set(name, depth);
      return depth;
    };
    const depthOf = (set: SelectionSetNode | undefined): number => {
      if (!set) return 0;
      let deepest = 0;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          if (sel.name.value.startsWith("__")) continue;
          deepest = Math.max(deepest, sel.selectionSet ? 1 + depthOf(sel.selectionSet) : 1);
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, depthOf(sel.selectionSet));
        } else {
          deepest = Math.max(deepest, depthOfFragment(sel.name.value));
        }
      }
      return deepest;
    };
    return {
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet);
        if (depth > maxDepth) {
          context.reportError(
            new GraphQLError(`Query depth ${depth} exceeds the limit of ${maxDepth}`, {
              nodes: [node],
              extensions: { code: "GRAPHQL_VALIDATION_FAILED" },
            }),
          );
        }
      },
    };
  };
}
