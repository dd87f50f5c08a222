import "server-only";
import { STATUS_WORDS } from "@/lib/leads/rules";
import type { NamedLead } from "./store";

/** A lead as the homeowner sees it: where it went, when, and where it stands in words. */
export function toHomeownerLeadDto({ lead, officerName }: NamedLead) {
  return {
    id: lead.id,
    kind: lead.kind,
    propertyId: lead.propertyId,
    address: lead.address,
    scenario: lead.scenario?.type ?? null,
    officerName,
    status: lead.status,
    statusWords: STATUS_WORDS[lead.status],
    createdAt: lead.createdAt.toISOString(),
  };
}
export type HomeownerLeadDto = ReturnType<typeof toHomeownerLeadDto>;

/** A lead as its officer (or an admin) sees it. */
export function toLeadDto({ lead, homeownerName, homeownerEmail, officerName }: NamedLead) {
  return {
    id: lead.id,
    kind: lead.kind,
    source: lead.source,
    status: lead.status,
    propertyId: lead.propertyId,
    address: lead.address,
    homeownerId: lead.homeownerId,
    name: lead.name ?? homeownerName,
    email: lead.email ?? homeownerEmail,
    message: lead.message,
    phone: lead.phone,
    bestTime: lead.bestTime,
    timeZone: lead.timeZone,
    scenario: lead.scenario,
    consent: lead.consent,
    officerId: lead.officerId,
    officerName,
    statusChangedBy: lead.statusChangedBy,
    statusChangedAt: lead.statusChangedAt?.toISOString() ?? null,
    held: lead.heldAt !== null,
    createdAt: lead.createdAt.toISOString(),
  };
}
export type LeadDto = ReturnType<typeof toLeadDto>;

/**
 * The lead's webhook payload (`lead.created`, `lead.updated`): ids, kind, status, the scenario's figures, the home and
 * the contact the homeowner gave, with times. Never a loan number (the scenario holds only the figures it was shown).
 */
export function leadPayload({ lead, homeownerName, homeownerEmail }: NamedLead): Record<string, unknown> {
  return {
    id: lead.id,
    kind: lead.kind,
    source: lead.source,
    status: lead.status,
    officerId: lead.officerId,
    homeownerId: lead.homeownerId,
    propertyId: lead.propertyId,
    address: lead.address,
    scenario: lead.scenario,
    message: lead.message,
    contact: {
      name: lead.name ?? homeownerName,
      email: lead.email ?? homeownerEmail,
      phone: lead.phone,
      bestTime: lead.bestTime,
      timeZone: lead.timeZone,
      consentAt: lead.consent?.at ?? null,
    },
    createdAt: lead.createdAt.toISOString(),
    statusChangedAt: lead.statusChangedAt?.toISOString() ?? null,
    statusChangedBy: lead.statusChangedBy,
  };
}
