"use client";

import { useQuery } from "@tanstack/react-query";
import type { EquityDto, PropertyFacts, ValuationDto, VerificationDto } from "@/lib/services/homes/dto";
import { fetchJson, type ApiProblem } from "./fetch-json";
import { queryKeys } from "./query-keys";

type Stale<T> = T & { stale?: boolean };

/** How likely the applicant owns the address; asked only once there is a last name. */
export function useVerification(address: string, applicant: { firstName: string; lastName: string; name: string }) {
  return useQuery<Stale<VerificationDto>, ApiProblem>({
    queryKey: queryKeys.verification(address, applicant.name),
    queryFn: () =>
      fetchJson("/api/homeowner/verify", {
        body: { firstName: applicant.firstName, lastName: applicant.lastName, address },
      }),
    enabled: !!applicant.lastName,
  });
}

export function useValuation(address: string) {
  return useQuery<Stale<ValuationDto>, ApiProblem>({
    queryKey: queryKeys.valuation(address),
    queryFn: () => fetchJson("/api/avm", { body: { address } }),
  });
}

export function useEquity(address: string) {
  return useQuery<Stale<EquityDto>, ApiProblem>({
    queryKey: queryKeys.equity(address),
    queryFn: () => fetchJson("/api/home-equity-summary", { body: { address } }),
  });
}

export function usePropertySummary(address: string) {
  return useQuery<Stale<PropertyFacts>, ApiProblem>({
    queryKey: queryKeys.summary(address),
    queryFn: () => fetchJson(`/api/property/summary?${new URLSearchParams({ address })}`),
  });
}
