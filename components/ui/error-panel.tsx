/** A failure a person can read, in place of what could not be loaded. */
export function ErrorPanel({ title, message }: { title: string; message: string }) {
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-6">
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="mt-2">{message}</p>
    </div>
  );
}
