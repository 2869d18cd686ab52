// Schedule templates over GraphQL: one service call per field.
import type { GraphQLResolveInfo } from "graphql";
import { Arg, Args, Ctx, ID, Info, Int, Mutation, Query, Resolver } from "type-graphql";
import { pageNeedsTotal } from "../common/read-plan.js";
import { TEMPLATE_READS } from "./mapper.js";
import { callerOf, type Context } from "../common/context.js";
import { nullWhenNotFound } from "../common/errors.js";
import { OrganizationArgs } from "../common/graphql-args.js";
import { ScheduleTemplate, ScheduleTemplateInput, ScheduleTemplatePage } from "./types.js";

@Resolver(() => ScheduleTemplate)
export class ScheduleTemplateResolver {
  @Query(() => ScheduleTemplate, { nullable: true, description: "One schedule template; null when unknown or not visible (as every lookup by id)" })
  scheduleTemplate(
    @Ctx() ctx: Context,
    @Arg("id", () => ID, { description: "The template's id" }) id: string,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
    @Info() info?: GraphQLResolveInfo,
  ): Promise<ScheduleTemplate | null> {
    return ctx.services.templates.get(callerOf(ctx), id, organization, TEMPLATE_READS.planFor(info)).catch(nullWhenNotFound);
  }

  @Query(() => ScheduleTemplatePage, { description: "The schedule templates of an organization, by id, paged" })
  scheduleTemplates(
    @Ctx() ctx: Context,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
    @Arg("page", () => Int, { nullable: true, description: "Page number from 0; default 0" }) page?: number,
    @Arg("size", () => Int, { nullable: true, description: "Templates per page; default 20, at most the page limit (1000)" }) size?: number,
    @Info() info?: GraphQLResolveInfo,
  ): Promise<ScheduleTemplatePage> {
    return ctx.services.templates.list(callerOf(ctx), { page, size, organization }, TEMPLATE_READS.planFor(info, "content"), pageNeedsTotal(info));
  }

  @Mutation(() => ScheduleTemplate, { description: "Creates a schedule template (editor); the collections its slots name must exist in the organization and be of the right kind" })
  createScheduleTemplate(
    @Ctx() ctx: Context,
    @Arg("input", () => ScheduleTemplateInput, { description: "Name, local clock and slots" }) input: ScheduleTemplateInput,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
  ): Promise<ScheduleTemplate> {
    return ctx.services.templates.create(callerOf(ctx), input, organization);
  }

  @Mutation(() => ScheduleTemplate, { description: "Replaces a schedule template's name, local clock and slots (editor); a version other than the stored one answers CONFLICT" })
  updateScheduleTemplate(
    @Ctx() ctx: Context,
    @Arg("id", () => ID, { description: "The template's id" }) id: string,
    @Arg("input", () => ScheduleTemplateInput, { description: "Name, local clock and slots, replacing the stored ones" }) input: ScheduleTemplateInput,
    @Arg("version", () => Int, { description: "The version read" }) version: number,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
  ): Promise<ScheduleTemplate> {
    return ctx.services.templates.update(callerOf(ctx), id, input, version, organization);
  }

  @Mutation(() => ScheduleTemplate, { description: "Deletes a schedule template (editor) and answers it as it was; schedules generated from it stay" })
  deleteScheduleTemplate(
    @Ctx() ctx: Context,
    @Arg("id", () => ID, { description: "The template's id" }) id: string,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
  ): Promise<ScheduleTemplate> {
    return ctx.services.templates.delete(callerOf(ctx), id, organization);
  }
}
