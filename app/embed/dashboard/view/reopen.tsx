/** Inside the partner's frame without the member's session (expired, or the cookie blocked): back to the bank's site. */
export function ReopenFromPartner() {
  return (
    <main className="p-6">
      <h1 className="text-xl font-semibold">Your home dashboard</h1>
      <p role="alert" className="mt-2">
        Please open the dashboard again from your bank&apos;s site.
      </p>
    </main>
  );
}
