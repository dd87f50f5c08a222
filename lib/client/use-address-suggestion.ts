"use client";

import { useQuery } from "@tanstack/react-query";
import type { AddressCheckDto } from "@/lib/services/homes/dto";
import { fetchJson, type ApiProblem } from "./fetch-json";
import { queryKeys } from "./query-keys";

/** The service's reading of a typed address ("Did you mean …?", whether a home is there); asked once per address. */
export function useAddressSuggestion(address: string, enabled: boolean) {
  return useQuery<AddressCheckDto, ApiProblem>({
    queryKey: queryKeys.suggestion(address),
    queryFn: () => fetchJson<AddressCheckDto>("/api/address/suggest", { body: { address } }),
    enabled,
    retry: false,
    // The same address reads the same way: it costs a normalization, so it is not asked again in this tab.
    staleTime: Infinity,
  });
}
