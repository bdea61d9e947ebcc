import { drizzle } from "drizzle-orm/d1";
import { schema } from "./schema";

export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Db = ReturnType<typeof createDb>;
