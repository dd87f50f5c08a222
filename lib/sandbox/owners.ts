import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { addressKey, oneLine } from "@/lib/address";
import type { Database } from "@/lib/db/client";
import { sandboxOwners } from "@/lib/db/schema";
import type { IndexedDataset, Property } from "./dataset";
import { nameScore, peopleOf, VERIFIED_THRESHOLD } from "./verify";

export type OwnerRecord = typeof sandboxOwners.$inferSelect;

/** Owner objects, kept in the database so they survive a restart. */
export function createOwnerStore(db: Database, dataset: IndexedDataset) {
  return {
    /** Creates the owner of a property, or returns the one already created for this person and address. */
    async create(
      input: { firstName: string; lastName: string; address: string },
      property: Property,
    ): Promise<OwnerRecord> {
      const key = addressKey(property.address);
      const [created] = await db
        .insert(sandboxOwners)
        .values({
          ownerToken: `own_${randomBytes(18).toString("base64url")}`,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          address: input.address.trim(),
          addressKey: key,
          propertyId: property.id,
        })
        .onConflictDoNothing()
        .returning();
      if (created) return created;
      const [existing] = await db
        .select()
        .from(sandboxOwners)
        .where(
          and(
            sql`lower(${sandboxOwners.firstName}) = lower(${input.firstName.trim()})`,
            sql`lower(${sandboxOwners.lastName}) = lower(${input.lastName.trim()})`,
            eq(sandboxOwners.addressKey, key),
          ),
        );
      return existing!;
    },

    async find(ownerToken: string): Promise<OwnerRecord | undefined> {
      const [owner] = await db.select().from(sandboxOwners).where(eq(sandboxOwners.ownerToken, ownerToken));
      return owner;
    },

    /**
     * Every property the owner owns: the one they registered, and every other one whose deed names them and whose
     * tax bills are mailed to that home (a name alone could be a namesake).
     */
    propertiesOf(owner: OwnerRecord): Property[] {
      const home = dataset.byId.get(owner.propertyId);
      if (!home) return [];
      const mailedHome = oneLine(home.address);
      const others = dataset.properties.filter(
        (property) =>
          property.id !== home.id &&
          property.mailingAddress === mailedHome &&
          peopleOf(property).some((person) => nameScore(owner.firstName, owner.lastName, person) >= VERIFIED_THRESHOLD),
      );
      return [home, ...others];
    },
  };
}

export type OwnerStore = ReturnType<typeof createOwnerStore>;
