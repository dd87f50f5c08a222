"use client";

import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";

/** Recovery codes, shown this once: downloaded or written down, then `onSaved`. */
export function RecoveryCodes({ codes, replaced, onSaved, savedLabel }: { codes: string[]; replaced: boolean; onSaved: () => void; savedLabel: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  function download() {
    const text = `Recovery codes for ${location.host}\nEach one signs you in once, in place of your authenticator app or passkey.\n\n${codes.join("\n")}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: "recovery-codes.txt" });
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }

  return (
    <section aria-labelledby="codes-title" className="space-y-4 rounded-2xl border-2 border-amber-400 bg-amber-50 p-6" data-testid="recovery-codes">
      <h2 id="codes-title" ref={heading} tabIndex={-1} className="text-xl font-semibold">
        Save your recovery codes
      </h2>
      <p className="text-slate-800">
        If you lose your phone or passkey, each of these codes signs you in once. They are shown only now: download them or write them down, and keep them
        somewhere safe (a password manager is a good place).
      </p>
      {replaced && <p className="font-medium text-slate-900">Your old recovery codes no longer work.</p>}
      <ol className="grid grid-cols-2 gap-2 font-mono text-lg sm:grid-cols-2" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code} className="rounded-md border border-amber-300 bg-white px-3 py-1 text-center">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="secondary" onClick={download}>
          Download as text
        </Button>
        <Button type="button" onClick={onSaved}>
          {savedLabel}
        </Button>
      </div>
    </section>
  );
}
