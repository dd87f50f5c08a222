/* Home-value widget loader: <script src="https://APP/embed.js" data-site-key="site_…" async></script>
   Optional: data-accent="0f5132", data-theme="light|dark", data-target="#element" (where the widget goes; after
   the script tag by default). Inserts the widget's iframe after the script tag and
   keeps its height fitted to the content, trusting only messages from the widget's own origin and frame. */
(function () {
  var script = document.currentScript;
  if (!script || !script.src) return;
  var app = new URL(script.src).origin;
  var key = script.getAttribute("data-site-key");
  if (!key) return;
  var params = new URLSearchParams({ key: key, parent: location.origin });
  ["accent", "theme"].forEach(function (name) {
    var value = script.getAttribute("data-" + name);
    if (value) params.set(name, value);
  });
  var frame = document.createElement("iframe");
  frame.src = app + "/embed/valuation?" + params.toString();
  frame.title = "What is my home worth?";
  frame.loading = "lazy";
  frame.style.cssText = "width:100%;max-width:560px;border:0;height:220px;display:block";
  var target = script.getAttribute("data-target");
  var host = target ? document.querySelector(target) : null;
  if (host) host.appendChild(frame);
  else script.parentNode.insertBefore(frame, script.nextSibling);
  window.addEventListener("message", function (event) {
    if (event.origin !== app || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (!data || data.type !== "hdw:resize" || typeof data.height !== "number" || !isFinite(data.height)) return;
    frame.style.height = Math.max(120, Math.min(2000, Math.ceil(data.height))) + "px";
  });
})();
