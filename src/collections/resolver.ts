// Asset collections over GraphQL: one service call per field; an item's asset through the
// catalog's per-request loader (one statement for every item of the request).
import type { GraphQLResolveInfo } from "graphql";
import { Arg, Args, Ctx, FieldResolver, ID, Info, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { pageNeedsTotal } from "../common/read-plan.js";
import { COLLECTION_READS } from "./mapper.js";
import { Asset } from "../assets/index.js";
import { callerOf, type Context } from "../common/context.js";
import { nullWhenNotFound } from "../common/errors.js";
import { OrganizationArgs } from "../common/graphql-args.js";
import { AssetCollection, AssetCollectionInput, AssetCollectionPage, CollectionItem } from "./types.js";

@Resolver(() => AssetCollection)
export class AssetCollectionResolver {
  @Query(() => AssetCollection, { nullable: true, description: "One asset collection; null when unknown or not visible (as every lookup by id)" })
  assetCollection(
    @Ctx() ctx: Context,
    @Arg("id", () => ID, { description: "The collection's id" }) id: string,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
    @Info() info?: GraphQLResolveInfo,
  ): Promise<AssetCollection | null> {
    return ctx.services.collections.get(callerOf(ctx), id, organization, COLLECTION_READS.planFor(info)).catch(nullWhenNotFound);
  }

  @Query(() => AssetCollectionPage, { description: "The asset collections of an organization, by id, paged" })
  assetCollections(
    @Ctx() ctx: Context,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
    @Arg("page", () => Int, { nullable: true, description: "Page number from 0; default 0" }) page?: number,
    @Arg("size", () => Int, { nullable: true, description: "Collections per page; default 20, at most the page limit (1000)" }) size?: number,
    @Info() info?: GraphQLResolveInfo,
  ): Promise<AssetCollectionPage> {
    return ctx.services.collections.list(callerOf(ctx), { page, size, organization }, COLLECTION_READS.planFor(info, "content"), pageNeedsTotal(info));
  }

  @Mutation(() => AssetCollection, { description: "Creates an asset collection (editor)" })
  createAssetCollection(
    @Ctx() ctx: Context,
    @Arg("input", () => AssetCollectionInput, { description: "Name, kind and media ids" }) input: AssetCollectionInput,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
  ): Promise<AssetCollection> {
    return ctx.services.collections.create(callerOf(ctx), input, organization);
  }

  @Mutation(() => AssetCollection, { description: "Replaces an asset collection's name, kind and items (editor); a version other than the stored one answers CONFLICT" })
  updateAssetCollection(
    @Ctx() ctx: Context,
    @Arg("id", () => ID, { description: "The collection's id" }) id: string,
    @Arg("input", () => AssetCollectionInput, { description: "Name, kind and media ids, replacing the stored ones" }) input: AssetCollectionInput,
    @Arg("version", () => Int, { description: "The version read" }) version: number,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
  ): Promise<AssetCollection> {
    return ctx.services.collections.update(callerOf(ctx), id, input, version, organization);
  }

  @Mutation(() => AssetCollection, { description: "Deletes an asset collection (editor) and answers it as it was; CONFLICT while a schedule template's slot uses it" })
  deleteAssetCollection(
    @Ctx() ctx: Context,
    @Arg("id", () => ID, { description: "The collection's id" }) id: string,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
  ): Promise<AssetCollection> {
    return ctx.services.collections.delete(callerOf(ctx), id, organization);
  }
}

@Resolver(() => CollectionItem)
export class CollectionItemResolver {
  @FieldResolver(() => Asset, { nullable: true, description: "The catalog asset the media id names in the collection's organization (as an event's); null when none" })
  asset(@Root() item: CollectionItem, @Ctx() ctx: Context): Promise<Asset | null> {
    return ctx.loaders.assets.byKey(item.organization).load(item.mediaId);
  }
}
