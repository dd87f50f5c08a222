"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorText } from "@/lib/i18n/error-text";

interface PutState {
  pending: boolean;
  fields: Record<string, string>;
  error?: string;
  saved?: string;
}

/** PUT to one of the app's routes (JSON or a file), keeping the answer's field errors for the form to show. */
export function usePut<T>(onSaved?: (value: T) => void) {
  const t = useTranslations("OfficerProfile");
  const errorText = useErrorText();
  const [state, setState] = useState<PutState>({ pending: false, fields: {} });
  async function put(url: string, body: BodyInit, contentType: string, savedMessage: string) {
    setState({ pending: true, fields: {} });
    try {
      const response = await fetch(url, { method: "PUT", headers: { "Content-Type": contentType }, body });
      const answer = (await response.json().catch(() => ({}))) as {
        error?: { code?: string; message?: string; fields?: Record<string, string> };
      };
      if (!response.ok) {
        setState({
          pending: false,
          fields: answer.error?.fields ?? {},
          error: answer.error?.message
            ? errorText({ code: answer.error.code, message: answer.error.message })
            : t("saveFailed"),
        });
        return;
      }
      onSaved?.(answer as T);
      setState({ pending: false, fields: {}, saved: savedMessage });
    } catch {
      setState({ pending: false, fields: {}, error: t("connectionFailed") });
    }
  }
  return { ...state, put };
}
