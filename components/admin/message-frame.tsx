"use client";

import { useEffect, useRef } from "react";

/**
 * An email as its recipient sees it, in a frame that runs nothing, as tall as the message: a fixed height cut long
 * messages off mid-button. Same-origin (without scripts) only so that this page can read the message's height.
 */
export function MessageFrame({ title, html }: { title: string; html: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const fit = () => {
    const message = frame.current?.contentDocument;
    // Before its load the frame holds an empty page (about:blank), whose height is no message's.
    if (!frame.current || message?.URL !== "about:srcdoc") return;
    // Collapsed first: a page is never shorter than its frame, so a short message would keep the frame's height.
    frame.current.style.height = "0px";
    const height = Math.max(message.documentElement.scrollHeight, message.body?.scrollHeight ?? 0);
    frame.current.style.height = `${height + 2}px`;
  };
  // A message that loaded before the page's script ran has no load event left to wait for.
  useEffect(() => {
    if (frame.current?.contentDocument?.readyState === "complete") fit();
  }, []);
  return (
    <iframe
      ref={frame}
      title={title}
      srcDoc={html}
      sandbox="allow-same-origin"
      onLoad={fit}
      className="block h-72 w-full rounded-lg border border-slate-200 bg-white"
    />
  );
}
