"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { ApiProblem } from "@/lib/client/fetch-json";
import { useErrorText } from "@/lib/i18n/error-text";

interface PutState {
  pending: boolean;
  fields: Record<string, string>;
  error?: string;
  saved?: string;
}

/** Runs a request: as it is, or through useStepUp's `withStepUp` for a route that asks for a recent second factor. */
type Runner = <R>(run: () => Promise<R>) => Promise<R>;
const direct: Runner = (run) => run();

/**
 * PUT to one of the app's routes (JSON or a file), keeping the answer's field errors for the form to show. A route
 * declared with `stepUp` passes `withStepUp`: its dialog asks, and the same body is sent again.
 */
export function usePut<T>(onSaved?: (value: T) => void, withStepUp: Runner = direct) {
  const t = useTranslations("OfficerProfile");
  const errorText = useErrorText();
  const [state, setState] = useState<PutState>({ pending: false, fields: {} });
  async function put(url: string, body: BodyInit, contentType: string, savedMessage: string) {
    setState({ pending: true, fields: {} });
    const send = async () => {
      const response = await fetch(url, { method: "PUT", headers: { "Content-Type": contentType }, body });
      const answer = (await response.json().catch(() => ({}))) as {
        error?: { code?: string; message?: string; fields?: Record<string, string> };
      };
      if (!response.ok)
        throw new ApiProblem(answer.error?.message ?? "", {
          code: answer.error?.code,
          fields: answer.error?.fields,
          status: response.status,
        });
      return answer as T;
    };
    let saved: T;
    try {
      saved = await withStepUp(send);
    } catch (error) {
      const problem = error instanceof ApiProblem ? error : undefined;
      setState({
        pending: false,
        fields: problem?.fields ?? {},
        error: !problem
          ? t("connectionFailed")
          : problem.message
            ? errorText({ code: problem.code, message: problem.message })
            : t("saveFailed"),
      });
      return;
    }
    onSaved?.(saved);
    setState({ pending: false, fields: {}, saved: savedMessage });
  }
  return { ...state, put };
}
