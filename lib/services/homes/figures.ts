import "server-only";
import { and, eq } from "drizzle-orm";
import { standardize } from "@/lib/address";
import type { SessionUser } from "@/lib/auth/roles";
import { getDatabase } from "@/lib/db";
import { ownerFigures } from "@/lib/db/schema";
import { loanKey, yourEquity, type LoanFigures } from "@/lib/finance/your-equity";
import type { EquityDto, OwnedProperty } from "./dto";
import { AppError } from "@/lib/services/errors";
import type { Caller } from "@/lib/services/platform/gateway";
import { homeownerView } from "./owners";

export type Condition = "poor" | "good" | "excellent";

/** The owner's own figures for a home: what they corrected, never the service's answers. */
export interface OwnerFiguresDto {
  condition: Condition | null;
  loans: Record<string, LoanFigures>;
  /** When they last changed them; null when they have none. */
  updatedAt: string | null;
}

/** A home's figures, and its equity computed from the service's value with them. */
export interface YourFigures {
  figures: OwnerFiguresDto;
  equity: EquityDto;
}

const NONE: OwnerFiguresDto = { condition: null, loans: {}, updatedAt: null };

const notFound = () => new AppError({ code: "not_found", message: "There is no such home among yours." });

/**
 * One of the caller's homes that they PROVED they own. Someone else's home, or one that does not exist: 404, the
 * same answer. Their own claimed but unproved home: 403, since its figures are about its loans.
 */
async function provedHome(
  caller: Caller & { user: SessionUser },
  propertyId: number,
): Promise<OwnedProperty & { addressKey: string }> {
  const view = await homeownerView(caller);
  const property = view.properties.find((p) => p.propertyId === propertyId);
  if (!property) throw notFound();
  if (!view.verified)
    throw new AppError({
      code: "forbidden",
      message: "Prove you own this home to see or change its figures: ask for a code by mail on your dashboard.",
    });
  return { ...(property as OwnedProperty), addressKey: standardize(property.facts.address).key };
}

/** The figures an account keeps for a home (by its address), or none. */
export async function figuresOf(userId: number, address: string): Promise<OwnerFiguresDto> {
  const { db } = await getDatabase();
  const [row] = await db
    .select()
    .from(ownerFigures)
    .where(and(eq(ownerFigures.userId, userId), eq(ownerFigures.addressKey, standardize(address).key)));
  return row ? { condition: row.condition ?? null, loans: row.loans, updatedAt: row.updatedAt.toISOString() } : NONE;
}

/**
 * The figures as they apply to the home's equity today. Those of a loan no longer on record (refinanced, paid off)
 * are left out: the page sends the figures it shows back with each change, and saving refuses a loan not on record.
 */
export function withFigures(equity: EquityDto, figures: OwnerFiguresDto): YourFigures {
  const onRecord = new Set(equity.loans.map(loanKey));
  const loans = Object.fromEntries(Object.entries(figures.loans).filter(([key]) => onRecord.has(key)));
  return { figures: { ...figures, loans }, equity: yourEquity(equity, loans) };
}

export async function readFigures(caller: Caller & { user: SessionUser }, propertyId: number): Promise<YourFigures> {
  const home = await provedHome(caller, propertyId);
  return withFigures(home.equity, await figuresOf(caller.user.id, home.facts.address));
}

/** Replaces the home's figures with these; a loan must be one on record (by its ID, or its position without one). */
export async function saveFigures(
  caller: Caller & { user: SessionUser },
  propertyId: number,
  input: { condition: Condition | null; loans: Record<string, LoanFigures> },
): Promise<YourFigures> {
  const home = await provedHome(caller, propertyId);
  const keys = new Set(home.equity.loans.map(loanKey));
  const unknown = Object.keys(input.loans).filter((key) => !keys.has(key));
  if (unknown.length) {
    const known = [...keys].join(", ") || "none";
    throw new AppError({
      code: "invalid_request",
      message: `loans.${unknown[0]}: not a loan on record for this home (its loans: ${known})`,
      fields: {
        [`loans.${unknown[0]}`]: `is not a loan on record for this home (its loans: ${known})`,
      },
    });
  }
  const { db } = await getDatabase();
  const updatedAt = new Date();
  if (!input.condition && Object.keys(input.loans).length === 0) return clearFigures(caller, propertyId);
  await db
    .insert(ownerFigures)
    .values({
      userId: caller.user.id,
      addressKey: home.addressKey,
      condition: input.condition,
      loans: input.loans,
      updatedAt,
    })
    .onConflictDoUpdate({
      target: [ownerFigures.userId, ownerFigures.addressKey],
      set: { condition: input.condition, loans: input.loans, updatedAt },
    });
  return withFigures(home.equity, {
    condition: input.condition,
    loans: input.loans,
    updatedAt: updatedAt.toISOString(),
  });
}

/** Forgets every figure of the home: the service's answers again. */
export async function clearFigures(caller: Caller & { user: SessionUser }, propertyId: number): Promise<YourFigures> {
  const home = await provedHome(caller, propertyId);
  const { db } = await getDatabase();
  await db
    .delete(ownerFigures)
    .where(and(eq(ownerFigures.userId, caller.user.id), eq(ownerFigures.addressKey, home.addressKey)));
  return withFigures(home.equity, NONE);
}
