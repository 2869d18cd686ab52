// GraphQL shapes of asset collections: the collection, its items, its input and its page.
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { PageMembers } from "../common/graphql-types.js";
import { MAX_COLLECTION_ITEMS } from "./rules.js";

export enum CollectionKind {
  PROGRAMMES = "PROGRAMMES",
  FILLER = "FILLER",
  PROMOS = "PROMOS",
  ADVERTISEMENTS = "ADVERTISEMENTS",
}
registerEnumType(CollectionKind, {
  name: "CollectionKind",
  description: "What a collection holds, which decides where a template slot may use it",
  valuesConfig: {
    PROGRAMMES: { description: "Programmes: the main content of a slot" },
    FILLER: { description: "Short items that fill the time left before the next slot (or main content)" },
    PROMOS: { description: "Promotions: main content, breaks or filler" },
    ADVERTISEMENTS: { description: "Advertisements: only the breaks of a slot" },
  },
});

@ObjectType({ description: "One item of a collection: a media id at its position" })
export class CollectionItem {
  @Field(() => Int, { description: "Position in the collection, from 0" }) position!: number;
  @Field(() => String, { description: "The media id (house number) the item plays" }) mediaId!: string;
  /** Not in the schema: the collection's organization, whose catalog CollectionItem.asset reads. */
  organization!: string;
}

@ObjectType({ description: "A named, ordered list of media ids that schedule templates draw from" })
export class AssetCollection {
  @Field(() => ID, { description: "The collection's id" }) id!: string;
  @Field(() => String, { description: "Name of the collection" }) name!: string;
  @Field(() => CollectionKind, { description: "What it holds" }) kind!: CollectionKind;
  @Field(() => [CollectionItem], { description: "The items in position order" }) items!: CollectionItem[];
  @Field(() => Int, { description: "Adds 1 at every change; updateAssetCollection takes the version read" }) version!: number;
  /** Not in the schema: whose collection it is. */
  organization!: string;
}

@InputType({ description: "A collection's name, kind and items (all given at every write: the items replace the stored ones)" })
export class AssetCollectionInput {
  @Field(() => String, { description: "Name, 1 to 200 characters, one line" }) name!: string;
  @Field(() => CollectionKind, { description: "What it holds" }) kind!: CollectionKind;
  @Field(() => [String], { description: `The items' media ids in position order (from 0), at most ${MAX_COLLECTION_ITEMS.toLocaleString("en-US")}; a media id may repeat` })
  mediaIds!: string[];
}

@ObjectType({ description: "A page of asset collections, by id" })
export class AssetCollectionPage extends PageMembers {
  @Field(() => [AssetCollection], { description: "The collections of this page" }) content!: AssetCollection[];
}
