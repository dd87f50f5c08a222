import { ErrorPanel } from "@/components/ui/error-panel";
import { useErrorText, type Problem } from "@/lib/i18n/error-text";

/**
 * The error panel of a home's page, its message in the reader's language (by the error's code, else the server's
 * words).
 */
export function LoadError({
  title,
  error,
  retryHref,
  nested,
}: {
  title: string;
  error: Problem;
  retryHref?: string;
  nested?: boolean;
}) {
  const errorText = useErrorText();
  return <ErrorPanel title={title} message={errorText(error)} retryHref={retryHref} nested={nested} />;
}
