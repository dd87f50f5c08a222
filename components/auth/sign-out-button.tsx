import { getTranslations } from "next-intl/server";
import { signOut } from "./sign-out";

/** The header's sign-out: a form posting the server action, so it works before (and without) the page's scripts. */
export async function SignOutButton() {
  const t = await getTranslations("Layout");
  return (
    <form action={signOut}>
      <button type="submit" className="text-sm font-medium text-slate-700 underline-offset-4 hover:underline">
        {t("signOut")}
      </button>
    </form>
  );
}
