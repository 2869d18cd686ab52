// Traffic rules: what a schedule's events must keep beyond their timing (rights windows of their
// assets, run caps, separation of assets, advertisers and product categories). Pure: no database
// or GraphQL imports. Used by validation (src/checks) and by generation (src/templates).
export {
  hasRunCaps,
  rightsAndSeparation,
  listsChannel,
  windowHolds,
  windowsOf,
  type OtherRun,
  type ParsedWindow,
  type RightsAsset,
  type RightsInput,
  type RightsIssueValue,
  type RightsReasonValue,
  type RightsWindowRule,
  type SeparationIssueValue,
  type SeparationMs,
  type SeparationRuleValue,
} from "./rights-rules.js";
