import type { GraphQLResolveInfo } from "graphql";
import { Arg, Args, Ctx, Info, Int, Mutation, Query, Resolver } from "type-graphql";
import { pageNeedsTotal } from "../common/read-plan.js";
import { ASSET_READS } from "./mapper.js";
import { OrganizationArgs } from "../common/graphql-args.js";
import { callerOf, type Context } from "../common/context.js";
import { Asset, AssetInput, AssetPage } from "./types.js";

@Resolver(() => Asset)
export class AssetResolver {
  @Query(() => AssetPage, { description: "Assets of the catalog by assetId, paged; name keeps those whose name holds it (case-insensitive)" })
  assets(
    @Ctx() ctx: Context,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
    @Arg("name", () => String, { nullable: true, description: "Part of the name, case-insensitive" }) name?: string,
    @Arg("page", () => Int, { nullable: true, description: "0-based; default 0" }) page?: number,
    @Arg("size", () => Int, { nullable: true, description: "default 20, at most 1000" }) size?: number,
    @Info() info?: GraphQLResolveInfo,
  ): Promise<AssetPage> {
    return ctx.services.assets.list(callerOf(ctx), { organization, name, page, size }, ASSET_READS.planFor(info, "content"), pageNeedsTotal(info));
  }

  @Query(() => Asset, { nullable: true, description: "One asset by assetId; null when the organization has none" })
  asset(
    @Ctx() ctx: Context,
    @Arg("assetId", () => String) assetId: string,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
    @Info() info?: GraphQLResolveInfo,
  ): Promise<Asset | null> {
    return ctx.services.assets.get(callerOf(ctx), assetId, organization, ASSET_READS.planFor(info));
  }

  @Mutation(() => [Asset], { description: "Creates or changes assets by assetId (at most 1000), all or nothing; answers them in the order given" })
  upsertAssets(
    @Ctx() ctx: Context,
    @Arg("assets", () => [AssetInput]) inputs: AssetInput[],
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
  ): Promise<Asset[]> {
    return ctx.services.assets.upsert(callerOf(ctx), inputs, organization);
  }
}
