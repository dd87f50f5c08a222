/* Home-value widget loader: <script src="https://APP/embed.js" data-site-key="site_…" async></script>
   Optional: data-accent="0f5132", data-theme="light|dark", data-target="#element" (where the widget goes; after
   the script tag by default). Inserts the widget's iframe after the script tag and
   keeps its height fitted to the content, trusting only messages from the widget's own origin and frame. A page
   whose origin the site does not list (the browser would show an empty frame) gets a short note saying so instead. */
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
  // The app answers only yes or no for this page's origin (the browser sets the Origin header the check reads).
  fetch(app + "/api/widget/origin?key=" + encodeURIComponent(key), { credentials: "omit" })
    .then(function (response) {
      return response.ok ? response.json() : null;
    })
    .then(function (answer) {
      if (!answer || answer.allowed !== false || !frame.parentNode) return;
      var note = document.createElement("p");
      note.setAttribute("data-home-value-widget", "not-registered");
      note.textContent =
        "The home-value widget is not shown: " +
        location.origin +
        " is not registered for its site key. " +
        "An admin of " +
        app +
        " adds it to the site's allowed origins under Widget sites at " +
        app +
        "/admin.";
      note.style.cssText =
        "max-width:560px;margin:0;padding:12px 16px;border:1px dashed #b91c1c;border-radius:12px;" +
        "background:#fef2f2;color:#7f1d1d;font:14px/1.5 system-ui,sans-serif";
      frame.parentNode.replaceChild(note, frame);
    })
    .catch(function () {
      // Unreachable or refused: the frame stays as it is.
    });
  window.addEventListener("message", function (event) {
    if (event.origin !== app || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (!data || data.type !== "hdw:resize" || typeof data.height !== "number" || !isFinite(data.height)) return;
    frame.style.height = Math.max(120, Math.min(2000, Math.ceil(data.height))) + "px";
  });
})();
