// Arguments repeated on many root fields, declared once (type-graphql @ArgsType) and handed as they
// are to the services (editScheduleEvents takes { scheduleId, changeSetId, organization, version }).
// Order: type-graphql 2.0.0-rc.4 serves a field's single @Arg()s last parameter first (parameter
// decorators run in reverse) but an @Args class's fields in declaration order. The fields below are
// declared in reverse, so that a resolver written `scheduleId, input, draft` serves its arguments
// exactly as it did with single @Arg()s (schema.graphql is sorted and cannot show it; introspection
// and GraphiQL do: test/architecture/argument-order.test.ts).
import "reflect-metadata";
import { ArgsType, Field, ID, Int } from "type-graphql";

/** `organization`: whose records, for a caller of several organizations (src/common/auth.ts scopeOrganization). */
@ArgsType()
export class OrganizationArgs {
  @Field(() => String, { nullable: true }) organization?: string | null;
}

/** `changeSetId, organization`: an edit of the schedule, or of the draft of one of its change sets. */
@ArgsType()
export class DraftArgs {
  @Field(() => String, { nullable: true }) organization?: string | null;
  @Field(() => ID, { nullable: true }) changeSetId?: string | null;
}

/** `scheduleId, version`: the schedule an edit opens and the version the caller read. */
@ArgsType()
export class ScheduleVersionArgs {
  @Field(() => Int) version!: number;
  @Field(() => ID) scheduleId!: string;
}
