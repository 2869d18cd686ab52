// The demo's collections and template (docs/TEMPLATES.md): a series of demo programmes, the demo
// spots and promos, and "Demo evenings", a week of evenings on the News 24 clock (London, 06:00
// broadcast days): two episodes at 18:00 with a spot break after each, promos to the 20:00 live hour.
import type { Viewer } from "../common/auth.js";
import type { Database } from "../db/client.js";
import { CollectionService } from "../collections/index.js";
import { TemplateService } from "../templates/index.js";

export async function seedDemoTemplates(db: Database, viewer: Viewer, organization: string): Promise<{ collections: number; templates: number }> {
  const collections = new CollectionService(db, 1000, async () => []);
  const pad = (n: number) => String(n).padStart(4, "0");
  const series = await collections.create(viewer, { name: "Demo series", kind: "PROGRAMMES", mediaIds: Array.from({ length: 8 }, (_, i) => `MEDIA-${pad(i + 1)}`) }, organization);
  const spots = await collections.create(viewer, { name: "Demo spots", kind: "ADVERTISEMENTS", mediaIds: Array.from({ length: 6 }, (_, i) => `SPOT-${pad(i + 1)}`) }, organization);
  const promos = await collections.create(viewer, { name: "Demo promos", kind: "PROMOS", mediaIds: Array.from({ length: 4 }, (_, i) => `PROMO-${pad(i + 1)}`) }, organization);
  const every = ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"];
  await new TemplateService(db, 1000).create(
    viewer,
    {
      name: "Demo evenings",
      timeZone: "Europe/London",
      broadcastDayStart: "06:00",
      slots: [
        { days: every, start: "18:00", anchor: "HARD", source: "COLLECTION", eventType: "PRIMARY", collectionId: series.id, order: "SEQUENTIAL", items: 2, breakCollectionId: spots.id, breakMs: 90_000, fillerCollectionId: promos.id },
        { days: every, start: "20:00", anchor: "HARD", source: "LIVE", eventType: "LIVE", title: "Evening live", durationMs: 3_600_000 },
      ],
    },
    organization,
  );
  return { collections: 3, templates: 1 };
}
