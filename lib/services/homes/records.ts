import "server-only";
import type { SessionUser } from "@/lib/auth/roles";
import { assertMayRead } from "@/lib/services/access";
import { addressKeyOf } from "./addresses";
import { audit, by } from "@/lib/services/audit/log";
import { AppError, orAppError } from "@/lib/services/errors";
import type { Caller } from "@/lib/services/platform/gateway";
import type { HomeownerProperty } from "./homes";
import { propertyReport } from "./properties";
import { mergeEstimates, toHomeRecords, type EstimatePoint, type HomeRecordsDto } from "./records-dto";
import { estimateHistory } from "./snapshots";

/**
 * A proved owner's records of a home: the JSON property report, through the same cached call (and cache key) as the
 * JSON download for the same applicant, so repeated views cost one billable report per home. `latest` is the estimate
 * the page already holds, drawn even if its snapshot is not kept yet.
 */
export async function homeRecords(
  caller: Caller & { user: SessionUser },
  input: { address: string; applicantName: string; latest?: EstimatePoint },
): Promise<HomeRecordsDto> {
  const at = addressKeyOf(input.address);
  await assertMayRead(caller, at.key, "private");
  const [file, history] = await Promise.all([
    propertyReport(caller, at, { applicantName: input.applicantName, format: "json" }),
    estimateHistory(at.key),
  ]);
  let records: ReturnType<typeof toHomeRecords>;
  try {
    records = toHomeRecords(JSON.parse(Buffer.from(file.body).toString("utf8")));
  } catch {
    throw new AppError({
      code: "upstream_error",
      message: "The property data service sent a report this app could not read. Please try again later.",
    });
  }
  const fromReport = records.estimate ? [records.estimate] : [];
  const estimates = mergeEstimates(fromReport, history, input.latest ? [input.latest] : []);
  return { ...records, estimates, stale: file.stale };
}

/**
 * The records of a home on its page, started but not awaited (the page streams them in): only for a proved owner,
 * whose page holds equity; a failure comes back as the AppError to show in their place.
 */
export function pageRecords(
  caller: Caller & { user: SessionUser },
  home: HomeownerProperty,
  applicantName: string,
): Promise<HomeRecordsDto | AppError> | undefined {
  if (!home.equity) return undefined;
  const { facts } = home.property;
  void audit({
    action: "records.read",
    ...by(caller),
    propertyId: home.property.propertyId,
    address: facts.address,
    addressKey: addressKeyOf(facts.address).key,
  });
  const { estimate } = home;
  const latest = AppError.is(estimate)
    ? undefined
    : { date: estimate.eventDate, value: estimate.value, low: estimate.low, high: estimate.high };
  return orAppError(homeRecords(caller, { address: home.property.facts.address, applicantName, latest }));
}
