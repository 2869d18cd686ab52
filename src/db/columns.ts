// Column helpers shared by every slice, so that units and modes are chosen once.
import { bigint, timestamp } from "drizzle-orm/pg-core";

/** 64-bit integer read as a JS number (ms, bytes, ids: all below 2^53 in this domain). */
export const int64 = (name: string) => bigint(name, { mode: "number" });

/** Instant with time zone, read as a Date. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date", precision: 3 });

export const createdAt = () => instant("date_created").notNull().defaultNow();
export const updatedAt = () => instant("date_updated").notNull().defaultNow();
